import { todayHeadings, todayKinds, type TodayKind } from '@campus/domain/today/today-rules';
import type { TodayChild, TodayLine } from '@campus/domain/today/today.contract';
import { Badge, Box, Button, Group, Loader, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { showFailureToast } from '../../../components/toast.ts';
import { useOpenForChild } from '../../auth/index.ts';
import { childParameter } from '../../../lib/notification-address.ts';
import type { StoredSession } from '../../../lib/session.ts';
import { useToday } from '../api/get-today.ts';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/**
 * Today on home (issue 31): a student's day, or each of a parent's children in one view — classes with attendance,
 * homework due, tests open now, fees due this week, new notices and results. Each line opens its screen; for a
 * parent, a line about a child other than the one viewed views that child first. Hidden when nobody has a line.
 */
export function TodaySection({ session }: { session: StoredSession }) {
  const { data } = useToday(session);
  const children = data?.children ?? [];
  if (!data || children.every((child) => child.lines.length === 0)) return null;
  const isParent = session.parentslogin;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="today-title">
      <Group justify="space-between" align="baseline" mb="xs" gap="xs">
        <Title order={2} size="h4" id="today-title">
          Today
        </Title>
        <Text size="sm" c="dimmed">
          {data.date}
        </Text>
      </Group>
      <Stack gap="md">
        {children.map((child) =>
          isParent ? (
            <Box key={child.student_id} component="section" aria-label={child.name}>
              <Title order={3} size="h5" mb={4} style={{ overflowWrap: 'anywhere' }}>
                {child.name}
              </Title>
              <ChildDay child={child} session={session} />
            </Box>
          ) : (
            <ChildDay key={child.student_id} child={child} session={session} />
          ),
        )}
      </Stack>
    </Paper>
  );
}

/** Lines a group shows before its "Show more": a busy day still fits a phone's screen or two. */
const linesShown = 3;

/** One child's lines grouped by kind, in Today's order. */
function ChildDay({ child, session }: { child: TodayChild; session: StoredSession }) {
  if (child.lines.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing due today.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {todayKinds.map((kind) => {
        const lines = child.lines.filter((line) => line.kind === kind);
        if (lines.length === 0) return null;
        return <TodayGroup key={kind} kind={kind} lines={lines} child={child} session={session} />;
      })}
    </Stack>
  );
}

/** One kind's lines under its heading: the first three, and a button that shows the rest in place. */
function TodayGroup({
  kind,
  lines,
  child,
  session,
}: {
  kind: TodayKind;
  lines: TodayLine[];
  child: TodayChild;
  session: StoredSession;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const shown = isOpen ? lines : lines.slice(0, linesShown);
  const hidden = lines.length - shown.length;
  return (
    <Box>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        {todayHeadings[kind]}
      </Text>
      <ul style={listStyle}>
        {shown.map((line, index) => (
          <li key={`${kind}-${index}`}>
            <TodayLink child={child} line={line} session={session} />
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <Button
          variant="subtle"
          size="compact-sm"
          mih={44}
          px={0}
          onClick={() => setIsOpen(true)}
          aria-label={`Show ${hidden} more: ${todayHeadings[kind]}${session.parentslogin ? `, ${child.name}` : ''}`}
        >
          Show {hidden} more
        </Button>
      )}
    </Box>
  );
}

/**
 * A line as a link at least 44 px high; its words wrap rather than being cut, so all of it can be read on a phone.
 * A parent's line about another child first makes that child the viewed one, then opens the screen; its address
 * names the child too, so a line opened in a new tab switches there (the shell reads `?child=`).
 */
function TodayLink({ child, line, session }: { child: TodayChild; line: TodayLine; session: StoredSession }) {
  const openForChild = useOpenForChild();
  const [isSwitching, setIsSwitching] = useState(false);
  const isOtherChild = session.parentslogin && child.student_id !== session.student_id;
  const to = isOtherChild ? withChild(line.path, child.student_id) : line.path;

  const open = async (event: MouseEvent) => {
    if (!isOtherChild) return;
    event.preventDefault();
    if (isSwitching) return;
    setIsSwitching(true);
    try {
      await openForChild(child.student_id, line.path);
    } catch (error) {
      showFailureToast(error);
      setIsSwitching(false);
    }
  };

  return (
    <UnstyledButton
      component={Link}
      to={to}
      onClick={(event: MouseEvent) => void open(event)}
      aria-busy={isSwitching || undefined}
      display="flex"
      mih={44}
      py={6}
      w="100%"
      style={{ alignItems: 'center', gap: 8, borderRadius: 4 }}
    >
      <Box style={{ flex: 1, minWidth: 0 }}>
        {/* The link colour of the scheme (blue.8 light, a lighter blue dark): a fixed blue fails contrast in dark. */}
        <Text size="sm" fw={600} c="var(--mantine-color-anchor)" style={{ overflowWrap: 'anywhere' }}>
          {line.title}
        </Text>
        {line.detail && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {line.detail}
          </Text>
        )}
      </Box>
      {isSwitching ? (
        <Loader size="xs" aria-label={`Viewing ${child.name}`} />
      ) : (
        line.badge && (
          <Badge {...badgeStyle(line.badge)} style={{ flexShrink: 0, textTransform: 'none' }}>
            {line.badge}
          </Badge>
        )
      )}
    </UnstyledButton>
  );
}

/** `path` with the child it is about named in its query (`/fees?child=5002`). */
function withChild(path: string, studentId: number) {
  return `${path}${path.includes('?') ? '&' : '?'}${childParameter}=${studentId}`;
}

/** Present reads green (teal.9: green.9 is 4.4:1 on white), an absence red, both filled; anything else neutral. */
function badgeStyle(badge: string): { variant: string; color: string } {
  if (badge === 'Present') return { variant: 'filled', color: 'teal.9' };
  if (badge === 'Absent' || badge.startsWith('Marked')) return { variant: 'filled', color: 'red.9' };
  return { variant: 'light', color: 'gray' };
}
