import { Image, Modal } from '@mantine/core';

/** The promotional pop-up itself; loaded only for the one visit that shows it. */
export default function PromoModal({ url, isOpen, onClose }: { url: string; isOpen: boolean; onClose: () => void }) {
  return (
    <Modal opened={isOpen} onClose={onClose} title="Promotion" centered size="lg">
      <Image src={url} alt="Promotion from your institute" radius="md" />
    </Modal>
  );
}
