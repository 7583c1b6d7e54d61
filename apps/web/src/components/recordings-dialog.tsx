// The 'View Recording' popup of live classes and the timetable (spec part 1 §2, part 2 §2.2), loaded only when
// opened. aws recordings play here in a plain <video> from a short-lived address that answers byte ranges, so
// seeking works without downloading the whole file. vimeo and vdocipher recordings play in the shared viewer overlay
// (Vimeo player counting the play with update-watch-count; VdoCipher player with videoOTP, recording its watch time
// with allocateWatchHistory when closed), itself loaded only when such a recording is played; a vimeo recording's
// Download opens the shared Vimeo download modal.
import type { Recording } from '@campus/domain/live/live.contract';
import { liveMessages } from '@campus/domain/live/live-rules';
import { canDownloadVimeo } from '@campus/domain/media/media-rules';
import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { showFailureToast, showToast } from './toast.ts';
import type { ViewerItem } from './viewer/viewer-item.ts';

const ViewerOverlay = lazy(() =>
  import('./viewer/viewer-overlay.tsx').then((module) => ({ default: module.ViewerOverlay })),
);
const VimeoLinksModal = lazy(() =>
  import('./viewer/vimeo-links-modal.tsx').then((module) => ({ default: module.VimeoLinksModal })),
);

export interface RecordingsDialogProps {
  opened: boolean;
  onClose: () => void;
  recordings: readonly Recording[];
  /** The address an aws recording plays from (recording/download?type=1). */
  addressOf: (downloadId: number) => Promise<string>;
  /** The answer's vimeo_video_downlodable: 0 hides a vimeo recording's Download (spec part 2 §5). */
  vimeoDownloadable: number;
}

const formatDate = (iso: string) => {
  const date = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getDate())}-${two(date.getMonth() + 1)}-${date.getFullYear()}`;
};

export default function RecordingsDialog({
  opened,
  onClose,
  recordings,
  addressOf,
  vimeoDownloadable,
}: RecordingsDialogProps) {
  const [playing, setPlaying] = useState<{ name: string; url: string } | null>(null);
  const [viewing, setViewing] = useState<ViewerItem | null>(null);
  const [vimeoId, setVimeoId] = useState<string | null>(null);

  async function play(recording: Recording) {
    const title = recording.view_list_session_name;
    if (recording.video_host === 'vimeo' || recording.video_host === 'vdocipher') {
      const videoId = recording.video_host === 'vimeo' ? recording.vimeo_video_id : recording.video_id;
      if (!videoId) {
        showToast(liveMessages.cannotDownload, 'error');
        return;
      }
      setViewing({ type: recording.video_host === 'vimeo' ? 'vimeo' : 'vdo', title, videoId });
      return;
    }
    try {
      setPlaying({ name: recording.view_list_session_name, url: await addressOf(recording.download_id) });
    } catch (error) {
      showFailureToast(error, liveMessages.networkError);
    }
  }

  async function download(recording: Recording) {
    if (recording.video_host === 'vimeo' && recording.vimeo_video_id) {
      setVimeoId(recording.vimeo_video_id);
      return;
    }
    // VdoCipher videos are never downloadable.
    if (recording.video_host !== 'aws') {
      showToast(liveMessages.noDownloadLink, 'error');
      return;
    }
    try {
      const url = await addressOf(recording.download_id);
      const link = document.createElement('a');
      link.href = url;
      link.download = `${recording.view_list_session_name}.mp4`;
      document.body.append(link);
      link.click();
      link.remove();
    } catch (error) {
      showFailureToast(error, liveMessages.cannotDownload);
    }
  }

  return (
    <>
      <Modal
        opened={opened && !playing && !viewing && !vimeoId}
        onClose={onClose}
        title={liveMessages.viewRecording}
        size="lg"
        centered
      >
        {recordings.length === 0 ? (
          <Text ta="center" py="md">
            Recording List Not Available
          </Text>
        ) : (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Duration</Table.Th>
                <Table.Th>Size (MB)</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {recordings.map((recording) => (
                <Table.Tr key={recording.download_id}>
                  <Table.Td>{recording.view_list_session_name}</Table.Td>
                  <Table.Td>{formatDate(recording.recording_date_time)}</Table.Td>
                  <Table.Td>{recording.video_duration}</Table.Td>
                  <Table.Td>{recording.video_size}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        onClick={() => void play(recording)}
                        aria-label={`Play ${recording.view_list_session_name}`}
                      >
                        Play
                      </Button>
                      {(recording.video_host !== 'vimeo' || canDownloadVimeo(vimeoDownloadable)) && (
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => void download(recording)}
                          aria-label={`Download ${recording.view_list_session_name}`}
                        >
                          Download
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Modal>
      <Modal
        opened={playing !== null}
        onClose={() => setPlaying(null)}
        title={playing?.name}
        closeButtonProps={{ 'aria-label': 'Close player' }}
        size="xl"
        centered
      >
        <Stack gap="xs">
          {playing && (
            <video
              src={playing.url}
              controls
              autoPlay
              preload="metadata"
              style={{ width: '100%', maxHeight: '70vh', background: '#000' }}
              aria-label={`Recording ${playing.name}`}
            />
          )}
        </Stack>
      </Modal>
      {(viewing || vimeoId) && (
        <Suspense fallback={null}>
          {viewing && <ViewerOverlay item={viewing} onClose={() => setViewing(null)} />}
          {vimeoId && <VimeoLinksModal videoId={vimeoId} onClose={() => setVimeoId(null)} />}
        </Suspense>
      )}
    </>
  );
}
