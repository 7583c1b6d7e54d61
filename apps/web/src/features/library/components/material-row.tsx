import type { MaterialItem } from '@campus/domain/library/library.contract';
import {
  canDownload,
  canDownloadVimeo,
  canView,
  isMobileUserAgent,
  viewerFor,
  youtubePlayTarget,
} from '@campus/domain/media/media-rules';
import { mediaPagePath } from '@campus/domain/shell/pages';
import { Button, Group, Image, Paper, Text } from '@mantine/core';
import { useHref } from 'react-router';
import { countDownload } from '../../../components/viewer/media-api.ts';
import { VimeoDownloadButton } from '../../../components/viewer/vimeo-download-button.tsx';
import type { ViewerItem } from '../../../components/viewer/viewer-item.ts';

/** The viewer's item for a study material item. */
export function toViewerItem(item: MaterialItem): ViewerItem {
  return {
    type: viewerFor({ kind: item.kind, fileName: item.file_name ?? '' }),
    title: item.title,
    url: item.file_url ?? item.video_url,
    previewUrl: item.preview_url,
    fileName: item.file_name,
    videoId: item.youtubeVideoID || item.videoID,
    fileId: item.file_id,
    ...(posterOf(item) ? { posterUrl: posterOf(item) } : {}),
  };
}

/** The item's thumbnail: its first poster (posterList), else its own image (posterUrl); undefined when none. */
const posterOf = (item: MaterialItem) => item.posterList?.[0]?.posterUrl ?? item.posterUrl;

/** One material item: title, date, type, and View / Download / Vimeo download as the rules allow. */
export function MaterialRow({
  item,
  topicName,
  vimeoDownloadable,
  onView,
  onVimeoDownload,
}: {
  item: MaterialItem;
  topicName?: string;
  vimeoDownloadable: number;
  onView: (item: MaterialItem) => void;
  onVimeoDownload: (videoId: string) => void;
}) {
  const poster = posterOf(item);
  // The app's base path (/my-account): the media page opens in a window of its own, outside the router.
  const base = useHref('/').replace(/\/$/, '');
  const view = () => {
    if (item.kind === 'youtube') {
      const target = youtubePlayTarget(item.youtubeVideoID ?? '', isMobileUserAgent(navigator.userAgent));
      if (target.in === 'page') {
        window.open(`${base}${mediaPagePath(target.encodedId)}`, '_blank', 'noopener');
        return;
      }
    }
    onView(item);
  };
  return (
    <Paper withBorder p="sm" radius="md" aria-label={item.title} data-testid="material-item">
      {/* Poster and title first; the buttons beside them where there is room, on their own line on a phone. */}
      <Group justify="space-between" align="flex-start" gap="xs">
        {poster && (
          <Image
            src={poster}
            alt={`Poster of ${item.title}`}
            w={{ base: 72, sm: 96 }}
            h={{ base: 40, sm: 54 }}
            radius="sm"
            fit="cover"
            loading="lazy"
          />
        )}
        <div style={{ minWidth: 0, flex: '1 1 9rem' }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Text>
          <Text size="xs" c="dimmed">
            {[item.category_name, item.student_file_share_date, topicName].filter(Boolean).join(' · ')}
          </Text>
        </div>
        <Group gap="xs" ml="auto" justify="flex-end">
          {canView(item.file_name ?? '') && (
            <Button size="xs" variant="light" onClick={view}>
              View
            </Button>
          )}
          {item.file_url && canDownload(item.is_readonly) && (
            <Button
              size="xs"
              variant="default"
              component="a"
              href={`${item.file_url}?download=1`}
              download={item.file_name}
              onClick={() => void countDownload(item.file_id).catch(() => undefined)}
            >
              Download
            </Button>
          )}
          {item.is_vimeo && item.videoID && canDownloadVimeo(vimeoDownloadable) && (
            <VimeoDownloadButton videoId={item.videoID} onOpen={onVimeoDownload} />
          )}
        </Group>
      </Group>
    </Paper>
  );
}
