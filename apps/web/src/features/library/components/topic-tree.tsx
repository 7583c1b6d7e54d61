import type { MaterialItem, TopicNode } from '@campus/domain/library/library.contract';
import { countLabel, emptyTexts, holdsFile } from '@campus/domain/library/library-rules';
import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';

/**
 * One node of the card view: name, subtopic and file counts, and when opened its files and subtopics. A card
 * holding the file open in the viewer (the address's, after a reload or from a shared link) starts open.
 */
export function TopicCard({
  node,
  openFileId,
  renderItem,
}: {
  node: TopicNode;
  openFileId: number | null;
  renderItem: (item: MaterialItem) => React.ReactNode;
}) {
  const [open, setOpen] = useState(() => openFileId !== null && holdsFile(node, openFileId));
  const items = Object.values(node.studyMaterialMap).flat();
  return (
    // Nested levels cost a phone little width (a 2 px rule and 6 px per level, not a card's padding each), and
    // the name wraps above its counts rather than a letter a line beside them.
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'sm' }}>
      <UnstyledButton onClick={() => setOpen(!open)} aria-expanded={open} w="100%" mih={44}>
        <Group justify="space-between" gap={6}>
          <Text fw={600} style={{ flex: '1 1 8rem', minWidth: 0, overflowWrap: 'anywhere' }}>
            {node.topicName}
          </Text>
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            <Badge variant="light" style={{ flexShrink: 0 }}>
              {countLabel(node.subtopic_count, 'Subtopic')}
            </Badge>
            <Badge variant="light" color="teal" style={{ flexShrink: 0 }}>
              {countLabel(node.file_count, 'File')}
            </Badge>
          </Group>
        </Group>
      </UnstyledButton>
      {open && (
        <Stack
          gap="xs"
          mt="xs"
          pl={{ base: 6, sm: 'sm' }}
          style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}
        >
          {items.length === 0 && node.subtopicList.length === 0 ? (
            // An empty topic says so rather than opening on a blank box (issue 27).
            <Text ta="center" py="xs" c="dimmed">
              {emptyTexts.noMaterial}
            </Text>
          ) : null}
          {items.map((item) => (
            <div key={item.file_id}>{renderItem(item)}</div>
          ))}
          {node.subtopicList.map((child) => (
            <TopicCard key={child.topicId} node={child} openFileId={openFileId} renderItem={renderItem} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
