import { ActionIcon, Group, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CSSProperties } from 'react';

// What the month grid and the year tiles share: their header, and the short-on-a-phone, whole-to-a-reader text.

/** Read by screen readers, not shown (as Mantine's VisuallyHidden). */
export const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** The calendar's header: the month or year shown, with the arrows to the one before and after it. */
export function PeriodHeader(props: {
  unit: 'month' | 'year';
  title: string;
  canPrevious: boolean;
  canNext: boolean;
  onMove: (step: 1 | -1) => void;
}) {
  return (
    <Group justify="space-between" mb="xs" wrap="nowrap">
      <ActionIcon
        variant="subtle"
        size="xl"
        aria-label={`Previous ${props.unit}`}
        disabled={!props.canPrevious}
        onClick={() => props.onMove(-1)}
      >
        ‹
      </ActionIcon>
      <Title order={2} size="h4">
        {props.title}
      </Title>
      <ActionIcon
        variant="subtle"
        size="xl"
        aria-label={`Next ${props.unit}`}
        disabled={!props.canNext}
        onClick={() => props.onMove(1)}
      >
        ›
      </ActionIcon>
    </Group>
  );
}

/** From the sm width up a day cell has room for words ('4 Schedules', 'Holiday'); below it, for a number and a mark. */
export const useIsWide = () => useMediaQuery('(min-width: 48em)', false, { getInitialValueInEffect: false });

/** Shows `short` and gives `full` to screen readers, so the button's name stays whole ('4 Schedules', 'November'). */
export function Shortened({ short, full }: { short: string; full: string }) {
  return (
    <>
      <span aria-hidden="true">{short}</span>
      <span style={visuallyHidden}>{full}</span>
    </>
  );
}
