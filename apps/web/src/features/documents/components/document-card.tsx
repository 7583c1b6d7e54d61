import type { DocumentItem } from '@campus/domain/documents/documents.contract';
import { documentCategoryLabel, sizeInMb } from '@campus/domain/documents/documents-rules';
import {
  canDownload,
  canDownloadVimeo,
  canViewDocument,
  decodeYoutubeId,
  isMobileUserAgent,
  viewerFor,
  youtubePlayTarget,
} from '@campus/domain/media/media-rules';
import { Badge, Button, Card, Group, Image, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ViewerItem } from '../../../components/viewer/viewer-item.ts';
import { VimeoDownloadButton } from '../../../components/viewer/vimeo-download-button.tsx';

/** The viewer's item for a document. */
export function toViewerItem(document: DocumentItem): ViewerItem {
  const videoId =
    document.kind === 'youtube'
      ? decodeYoutubeId(document.proc_id)
      : document.vimeo_video_id || document.vdo_video_id || undefined;
  return {
    type: viewerFor({ kind: document.kind, fileName: document.file_name }),
    title: document.title,
    url: document.file_url,
    previewUrl: document.preview_url,
    fileName: document.file_name,
    ...(videoId ? { videoId } : {}),
  };
}

const kindIcon: Record<DocumentItem['kind'], string> = {
  pdf: 'PDF',
  office: 'DOC',
  image: 'IMG',
  audio: 'AUDIO',
  video: 'VIDEO',
  youtube: 'YOUTUBE',
  // The spec's document types: 'Vimeo (shown as Video)'.
  vimeo: 'VIDEO',
  vdocipher: 'VIDEO',
  other: 'FILE',
};

/**
 * A document card (spec part 1 §2): thumbnail, title, size in MB (not for Youtube), share date, subject and
 * category. The thumbnail opens the viewer; View only for a read-only PDF, Download only when not read-only.
 */
export function DocumentCard({
  document,
  vimeoDownloadable,
  onView,
  onVimeoDownload,
}: {
  document: DocumentItem;
  vimeoDownloadable: number;
  onView: (item: ViewerItem) => void;
  onVimeoDownload: (videoId: string) => void;
}) {
  const size = sizeInMb(document.size, document.category_name);
  const open = () => {
    const youtubeId = document.kind === 'youtube' ? decodeYoutubeId(document.proc_id) : undefined;
    if (youtubeId) {
      const target = youtubePlayTarget(youtubeId, isMobileUserAgent(navigator.userAgent));
      if (target.in === 'page') {
        window.open(`/media?id=${encodeURIComponent(target.encodedId)}`, '_blank', 'noopener');
        return;
      }
    }
    onView(toViewerItem(document));
  };
  const thumbnail = document.thumbnail_list[0]?.posterUrl;
  return (
    <Card withBorder radius="md" padding="sm" aria-label={document.title} data-testid="document-card">
      <Card.Section>
        {/* Named by its content, not aria-label: the kind on the plate is decoration (axe: label-content-name-mismatch). */}
        <UnstyledButton onClick={open} w="100%">
          <VisuallyHidden>Open {document.title}</VisuallyHidden>
          {thumbnail ? (
            <Image src={thumbnail} alt="" h={120} fit="cover" />
          ) : (
            <Group h={120} justify="center" bg="gray.1">
              {/* The kind is decoration (the button is named by the title); gray.7 on the fixed gray.1 plate. */}
              <Text fw={700} c="gray.7" aria-hidden="true">
                {kindIcon[document.kind]}
              </Text>
            </Group>
          )}
        </UnstyledButton>
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Text fw={600} lineClamp={2}>
          {document.title}
        </Text>
        <Group gap={6}>
          {size && <Text size="xs">{size}</Text>}
          <Text size="xs" c="dimmed">
            {document.student_file_share_date}
          </Text>
        </Group>
        <Group gap={6}>
          <Badge variant="light">{document.subject_name}</Badge>
          <Badge variant="outline">{documentCategoryLabel(document.category_name)}</Badge>
        </Group>
        <Group gap="xs" mt={4}>
          {canViewDocument(document.file_name, document.is_readonly) && (
            <Button size="xs" variant="light" onClick={open}>
              View
            </Button>
          )}
          {document.file_url && canDownload(document.is_readonly) && (
            <Button
              size="xs"
              variant="default"
              component="a"
              href={`${document.file_url}?download=1`}
              download={document.file_name}
            >
              Download
            </Button>
          )}
          {document.vimeo_video_id && canDownloadVimeo(vimeoDownloadable) && (
            <VimeoDownloadButton videoId={document.vimeo_video_id} onOpen={onVimeoDownload} />
          )}
        </Group>
      </Stack>
    </Card>
  );
}
