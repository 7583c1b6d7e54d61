import type { MaterialItem, TopicNode } from '@campus/domain/library/library.contract';
import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';

/** One node of the card view: name, subtopic and file counts, and when opened its files and subtopics. */
export function TopicCard({
  node,
  renderItem,
}: {
  node: TopicNode;
  renderItem: (item: MaterialItem) => React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const items = Object.values(node.studyMaterialMap).flat();
  return (
    <Paper withBorder radius="md" p="sm">
      <UnstyledButton onClick={() => setOpen(!open)} aria-expanded={open} w="100%">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{node.topicName}</Text>
          <Group gap={6} wrap="nowrap">
            <Badge variant="light">{`${node.subtopic_count} Subtopics`}</Badge>
            <Badge variant="light" color="teal">{`${node.file_count} Files`}</Badge>
          </Group>
        </Group>
      </UnstyledButton>
      {open && (
        <Stack gap="xs" mt="sm" pl="sm">
          {items.map((item) => (
            <div key={item.file_id}>{renderItem(item)}</div>
          ))}
          {node.subtopicList.map((child) => (
            <TopicCard key={child.topicId} node={child} renderItem={renderItem} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
