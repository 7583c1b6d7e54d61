import { videoScrollStep, type SampleVideo } from '@campus/domain/products/product-display';
import { ActionIcon, AspectRatio, Box, Group, Stack, Title } from '@mantine/core';
import { useRef } from 'react';

const ArrowIcon = ({ direction }: { direction: 'left' | 'right' }) => (
  <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
    <path d={direction === 'left' ? 'M15 18l-6-6 6-6' : 'M9 18l6-6-6-6'} />
  </svg>
);

/** One sample video: a YouTube embed, or a file the browser plays itself. */
function VideoFrame({ video, position }: { video: SampleVideo; position: number }) {
  const name = `Sample video ${position}`;
  return (
    <Box w={320} style={{ flex: '0 0 auto' }}>
      <AspectRatio ratio={16 / 9}>
        {video.kind === 'youtube' ? (
          <iframe
            src={video.url}
            title={name}
            loading="lazy"
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            style={{ border: 0 }}
          />
        ) : (
          <video src={video.url} controls preload="metadata" aria-label={name} />
        )}
      </AspectRatio>
    </Box>
  );
}

/** The sample-video carousel of a product: a row that the buttons scroll by 300 px (spec part 1 §2). */
export function SampleVideos({ videos }: { videos: SampleVideo[] }) {
  const row = useRef<HTMLDivElement>(null);
  if (videos.length === 0) return null;
  const scroll = (direction: -1 | 1) =>
    row.current?.scrollBy({ left: direction * videoScrollStep, behavior: 'smooth' });
  return (
    <Stack component="section" aria-labelledby="sample-videos-heading" gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4" id="sample-videos-heading">
          Sample Videos
        </Title>
        <Group gap="xs">
          <ActionIcon variant="default" size="lg" aria-label="Scroll videos left" onClick={() => scroll(-1)}>
            <ArrowIcon direction="left" />
          </ActionIcon>
          <ActionIcon variant="default" size="lg" aria-label="Scroll videos right" onClick={() => scroll(1)}>
            <ArrowIcon direction="right" />
          </ActionIcon>
        </Group>
      </Group>
      <Group ref={row} gap="md" wrap="nowrap" style={{ overflowX: 'auto', scrollSnapType: 'x proximity' }} pb="xs">
        {videos.map((video, index) => (
          <VideoFrame key={`${index}-${video.url}`} video={video} position={index + 1} />
        ))}
      </Group>
    </Stack>
  );
}
