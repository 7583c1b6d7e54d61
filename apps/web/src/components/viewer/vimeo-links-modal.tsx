import { noDownloadLinkFound } from '@campus/domain/media/media-rules';
import { Anchor, Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { vimeoLinksQuery } from './media-api.ts';
import { Modal } from '../lazy-modal.tsx';

/** The Vimeo download modal (spec part 1 §2 Live classes): size, file size and a download per link. */
export function VimeoLinksModal({ videoId, onClose }: { videoId: string | null; onClose: () => void }) {
  const { data, error } = useQuery(vimeoLinksQuery(videoId));
  const links = data?.result ?? null;

  return (
    <Modal opened={videoId !== null} onClose={onClose} title="Download Video" centered>
      {error ? (
        <Text role="alert">{error.message}</Text>
      ) : links === null ? (
        <Loader size="sm" aria-label="Loading download links" />
      ) : links.length === 0 ? (
        <Text>{noDownloadLinkFound}</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Size</Table.Th>
              <Table.Th>File Size</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {links.map((link) => (
              <Table.Tr key={link.link}>
                <Table.Td>{`${link.width}x${link.height}`}</Table.Td>
                <Table.Td>{link.size_short}</Table.Td>
                <Table.Td>
                  <Anchor href={link.link} target="_blank" rel="noopener noreferrer">
                    Download
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}
