import { Image, Modal } from '@mantine/core';

/** The promotional pop-up itself; loaded only for the one visit that shows it. */
export default function PromoModal({ url, isOpen, onClose }: { url: string; isOpen: boolean; onClose: () => void }) {
  return (
    <Modal opened={isOpen} onClose={onClose} title="Promotion" centered size="lg">
      {/* A square box held before the picture arrives (the dialog would grow and shift); other shapes fit inside. */}
      <Image src={url} alt="Promotion from your institute" radius="md" fit="contain" style={{ aspectRatio: '1 / 1' }} />
    </Modal>
  );
}
