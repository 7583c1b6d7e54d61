import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ProfileRow {
  label: string;
  value: string;
  /** Shown when the field may be edited: opens its popup. */
  onEdit?: () => void;
}

/** One titled section of the profile: label and value pairs, with an Edit button where editing is allowed. */
export function ProfileSection({ title, rows, children }: { title: string; rows: ProfileRow[]; children?: ReactNode }) {
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
        {rows.length > 0 && (
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" m={0}>
            {rows.map((row) => (
              <div key={row.label}>
                <Text component="dt" size="sm" fw={600}>
                  {row.label}
                </Text>
                <Group component="dd" gap="xs" m={0} wrap="nowrap" align="flex-start">
                  <Text style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{row.value}</Text>
                  {/* A whole 'Edit' a finger can hit: it was cut to 'Ed…' beside a long value, 22 px high. */}
                  {row.onEdit && (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={row.onEdit}
                      aria-label={`Edit ${row.label}`}
                      style={{ flexShrink: 0 }}
                    >
                      Edit
                    </Button>
                  )}
                </Group>
              </div>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
