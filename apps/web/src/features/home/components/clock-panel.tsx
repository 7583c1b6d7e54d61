import { clockTickMs, formatClockTime, motivationFor } from '@campus/domain/home/home-rules';
import { formatDayMonthYear } from '@campus/domain/shell/day';
import { Group, Paper, Stack, Text } from '@mantine/core';
import type { StoredSession } from '../../../lib/session.ts';
import { useNow } from '../../../lib/use-now.ts';
import { AnalogClock } from './analog-clock.tsx';
import { Greeting } from './greeting.tsx';

/**
 * The top of home (spec part 1 §1): greeting, analog and digital clocks refreshing every second, the date
 * DD-MM-YYYY and the weekday's motivational line. It ticks on its own so the rest of home does not re-render.
 */
export function ClockPanel({ session }: { session: StoredSession }) {
  const now = useNow(clockTickMs);
  const time = formatClockTime(now);
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Stack gap={6} style={{ flex: '1 1 260px' }}>
          <Greeting session={session} now={now} />
          <Group gap="lg">
            <Text fw={600} size="xl" ff="monospace">
              <time dateTime={now.toTimeString().slice(0, 8)}>{time}</time>
            </Text>
            <Text size="lg">{formatDayMonthYear(now)}</Text>
          </Group>
          <Text fs="italic">{motivationFor(now)}</Text>
        </Stack>
        <AnalogClock now={now} label={`Analog clock showing ${time.slice(0, 5)} ${time.slice(-2)}`} />
      </Group>
    </Paper>
  );
}
