import { maxFileNameDisplay, truncateName } from '@campus/domain/assignments/assignment-list';
import { formatMegabytes } from '@campus/domain/shared/uploads';
import { linkHref } from '@campus/domain/assignments/assignment-submission';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { Attachment } from '@campus/domain/assignments/assignments.contract';
import type { ReactNode } from 'react';
import { useDownloadAttachment } from '../api/download-file.ts';
import { showFailureToast } from '../../../components/toast.ts';

/** What a listed file needs: a few fields of the contract's attachment. */
export type ListedFile = Pick<Attachment, 'attachment_id' | 'attachment_display_name' | 'size'>;

/** A Download button that asks for a fresh signed address on every click, then starts the download. */
export function DownloadButton({ instituteId, file }: { instituteId: number; file: ListedFile }) {
  const download = useDownloadAttachment(instituteId);
  return (
    <Button
      size="compact-sm"
      variant="light"
      loading={download.isPending}
      aria-label={`Download ${file.attachment_display_name}`}
      onClick={() =>
        download.mutate(file.attachment_id, {
          onError: (error) => showFailureToast(error),
        })
      }
    >
      Download
    </Button>
  );
}

/** A row of a file or link list: the name (and details) on the left, actions on the right, wrapping on phones. */
function Row({ children, actions }: { children: ReactNode; actions: ReactNode }) {
  return (
    <Group component="li" justify="space-between" align="center" gap="xs" wrap="wrap">
      <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
        {children}
      </Stack>
      <Group gap="xs">{actions}</Group>
    </Group>
  );
}

export interface FileListProps {
  files: ListedFile[];
  instituteId: number;
  /** Names are cut here for display (50 for files, 30 for solutions); the full name stays in the title. */
  nameLimit: number;
  /** When given, each row gets a Remove button. */
  onRemove?: (file: ListedFile) => void;
  disabled?: boolean;
}

/** Attachments with their size and a Download button (teacher, student and solution files). */
export function FileList({ files, instituteId, nameLimit, onRemove, disabled }: FileListProps) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {files.map((file) => (
        <Row
          key={file.attachment_id}
          actions={
            <>
              <DownloadButton instituteId={instituteId} file={file} />
              {onRemove && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  disabled={disabled}
                  aria-label={`Remove ${file.attachment_display_name}`}
                  onClick={() => onRemove(file)}
                >
                  Remove
                </Button>
              )}
            </>
          }
        >
          <Text size="sm" title={file.attachment_display_name} style={{ overflowWrap: 'anywhere' }}>
            {truncateName(file.attachment_display_name, nameLimit)}
          </Text>
          <Text size="xs">{formatMegabytes(file.size)}</Text>
        </Row>
      ))}
    </Stack>
  );
}

/** What a listed link needs. */
export interface ListedLink {
  key: string | number;
  display_name: string;
  url: string;
  remarks: string;
}

/** Link attachments: the name opens the address in a new tab; remarks below. */
export function LinkList({
  links,
  onRemove,
  disabled,
}: {
  links: ListedLink[];
  onRemove?: (link: ListedLink) => void;
  disabled?: boolean;
}) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {links.map((link) => (
        <Row
          key={link.key}
          actions={
            onRemove && (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                disabled={disabled}
                aria-label={`Remove link ${link.display_name}`}
                onClick={() => onRemove(link)}
              >
                Remove
              </Button>
            )
          }
        >
          <Anchor href={linkHref(link.url)} target="_blank" rel="noopener noreferrer" size="sm">
            {truncateName(link.display_name, maxFileNameDisplay)}
          </Anchor>
          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
            {link.url}
          </Text>
          {link.remarks && (
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              {link.remarks}
            </Text>
          )}
        </Row>
      ))}
    </Stack>
  );
}
