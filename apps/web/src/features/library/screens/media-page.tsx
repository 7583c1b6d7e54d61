import { invalidVideoLink, mediaPageVideoId } from '@campus/domain/media/media-rules';
import { libraryPages } from '@campus/domain/library/library.page';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';

/**
 * The media page (spec part 2 §2.1): a phone's YouTube play opens it in a window of its own with the video id in
 * base64. It plays the video full width through YouTube's privacy-enhanced host (no cookies until it plays), and
 * embeds nothing that is not a YouTube id.
 */
export function MediaPageScreen() {
  const [params] = useSearchParams();
  const videoId = mediaPageVideoId(params.get('id'));
  return (
    <Stack gap="md" p="md" maw={960} mx="auto">
      <Title order={1} size="h3">
        Video
      </Title>
      {videoId ? (
        <iframe
          title="YouTube video"
          src={`https://www.youtube-nocookie.com/embed/${videoId}`}
          style={{ width: '100%', aspectRatio: '16 / 9', border: 0 }}
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          // YouTube's player refuses to play without knowing the embedding site.
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <Text role="alert">{invalidVideoLink}</Text>
      )}
      <Button
        component={Link}
        to={libraryPages.studyLibrary}
        variant="light"
        mih={44}
        style={{ alignSelf: 'flex-start' }}
      >
        Study Materials
      </Button>
    </Stack>
  );
}
