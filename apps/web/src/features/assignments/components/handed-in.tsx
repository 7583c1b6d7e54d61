import { maxFileNameDisplay } from '@campus/domain/assignments/assignment-list';
import { Stack, Text, Title } from '@mantine/core';
import type { StudentAttachment } from '../api/get-student-attachments.ts';
import { FileList, LinkList, type ListedLink } from './attachment-list.tsx';

/** An earlier link as the link list shows it. */
export const toListedLink = (attachment: StudentAttachment): ListedLink => ({
  key: attachment.attachment_id,
  display_name: attachment.attachment_display_name,
  url: attachment.attachment_url,
  remarks: attachment.remarks,
});

/** What was handed in, read-only: files to download, links and the comment. */
export function HandedIn({
  previous,
  comment,
  instituteId,
}: {
  previous: StudentAttachment[];
  comment: string;
  instituteId: number;
}) {
  const files = previous.filter((attachment) => !attachment.is_link);
  const links = previous.filter((attachment) => attachment.is_link);
  return (
    <Stack gap="sm">
      {files.length > 0 && (
        <section aria-label="Your files">
          <Title order={4} size="h5" mb={4}>
            Your files
          </Title>
          <FileList files={files} instituteId={instituteId} nameLimit={maxFileNameDisplay} />
        </section>
      )}
      {links.length > 0 && (
        <section aria-label="Your links">
          <Title order={4} size="h5" mb={4}>
            Your links
          </Title>
          <LinkList links={links.map(toListedLink)} />
        </section>
      )}
      {comment && (
        <Text style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600}>
            Your comment:
          </Text>{' '}
          {comment}
        </Text>
      )}
    </Stack>
  );
}
