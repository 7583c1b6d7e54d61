import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { vimeoLinksQuery } from './media-api.ts';

/**
 * A Vimeo video's download button: only when the video has a download link (asked when the button's row shows, and
 * shared with the download modal), so none is offered that answers 'No Download Link Found' (issue 27). The caller
 * checks the institute's switch (vimeo_video_downlodable).
 */
export function VimeoDownloadButton({ videoId, onOpen }: { videoId: string; onOpen: (videoId: string) => void }) {
  const links = useQuery(vimeoLinksQuery(videoId));
  if (!links.data?.result.length) return null;
  return (
    <Button size="xs" variant="default" onClick={() => onOpen(videoId)}>
      Download Video
    </Button>
  );
}
