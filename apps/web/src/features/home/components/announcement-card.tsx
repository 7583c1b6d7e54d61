import type { Announcement } from '@campus/domain/home/home.contract';
import { Anchor, Badge, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { SafeHtml } from '../../../components/safe-html.tsx';

/**
 * One announcement (spec part 1 §3): title, description, who updated it and when, when it was announced, the
 * batches or sections it is for, its image and its attached file.
 */
export function AnnouncementCard({ announcement }: { announcement: Announcement }) {
  return (
    <Paper component="article" withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={3} size="h4">
            {announcement.ancmnt_title}
          </Title>
          {announcement.batch_sec_names && (
            <Badge variant="light" style={{ flexShrink: 0, textTransform: 'none' }}>
              {announcement.batch_sec_names}
            </Badge>
          )}
        </Group>
        <SafeHtml html={announcement.description} />
        {announcement.announcement_img_url && (
          <Image
            src={announcement.announcement_img_url}
            alt={announcement.ancmnt_title}
            radius="sm"
            mah={320}
            w="auto"
            fit="contain"
          />
        )}
        {announcement.file_url && (
          <Anchor
            href={announcement.file_url}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            display="inline-flex"
            mih={44}
            style={{ alignItems: 'center', overflowWrap: 'anywhere' }}
          >
            Attachment: {announcement.file_name || 'Download file'}
          </Anchor>
        )}
        <Group gap="md" justify="space-between">
          <Text size="sm">
            By {announcement.updated_by || '-'} · Updated {announcement.updated_date}
          </Text>
          <Text size="sm">
            Announced {announcement.announced_date} {announcement.announced_time}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
