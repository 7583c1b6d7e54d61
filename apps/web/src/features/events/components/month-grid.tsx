import {
  eventTypeColour,
  isEventCopy,
  monthGrid,
  monthTitle,
  truncateEventTitle,
  weekdayHeadings,
  type CalendarMonth,
} from '@campus/domain/events/events-rules';
import type { EventItem } from '@campus/domain/events/events.contract';
import { Box, Group, Loader, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { dayLabel } from '../dates.ts';

/** A grid cell shows this many events; the rest are counted ('+2 more') and listed in the day popup. */
const eventsPerCell = 2;

const dayNumber = (date: string) => Number(date.slice(8));

/** An event in a day cell, in its type's colour; a copy on a later day of its range reads as its continuation. */
function EventChip({ event, date }: { event: EventItem; date: string }) {
  const colour = eventTypeColour(event.event_type) || 'gray';
  const isCopy = isEventCopy(event, date);
  return (
    <Box
      aria-hidden="true"
      data-event-type={event.event_type}
      bg={`${colour}.1`}
      // The chip keeps its light tint in the dark scheme too, so its text stays dark (axe: contrast).
      c="black"
      px={4}
      title={event.title_name}
      style={{
        borderLeft: isCopy ? undefined : `3px solid var(--mantine-color-${colour}-6)`,
        borderRadius: isCopy ? 0 : 4,
        overflow: 'hidden',
        whiteSpace: 'nowrap',
        textOverflow: 'ellipsis',
        fontSize: 'var(--mantine-font-size-xs)',
        lineHeight: 1.5,
      }}
    >
      {truncateEventTitle(event.title_name)}
    </Box>
  );
}

export interface MonthGridProps {
  month: CalendarMonth;
  today: string;
  eventsByDay: Readonly<Record<string, readonly EventItem[]>>;
  isLoading: boolean;
  onOpenDay: (date: string) => void;
}

/**
 * The month as a table of weeks, Sunday first. Each day of the month is a button naming its date and how many
 * events it holds; days of the neighbouring months are shown greyed and hold nothing.
 */
export function MonthGrid({ month, today, eventsByDay, isLoading, onOpenDay }: MonthGridProps) {
  return (
    <Box pos="relative">
      <Table
        withTableBorder
        withColumnBorders
        layout="fixed"
        verticalSpacing={0}
        horizontalSpacing={0}
        aria-busy={isLoading}
      >
        <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          {monthTitle(month)}
        </caption>
        <Table.Thead>
          <Table.Tr>
            {weekdayHeadings.map((weekday) => (
              <Table.Th key={weekday} ta="center" py={4}>
                {weekday}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {monthGrid(month).map((week) => (
            <Table.Tr key={week[0]!.date}>
              {week.map(({ date, inMonth }) => {
                if (!inMonth) {
                  return (
                    <Table.Td key={date} h="5.5rem" valign="top" bg="var(--mantine-color-default-hover)">
                      <Text size="sm" p={4} aria-hidden="true">
                        {dayNumber(date)}
                      </Text>
                    </Table.Td>
                  );
                }
                const events = eventsByDay[date] ?? [];
                const isToday = date === today;
                const count = events.length === 1 ? '1 event' : `${events.length} events`;
                return (
                  <Table.Td key={date} h="5.5rem" valign="top" p={0}>
                    <UnstyledButton
                      onClick={() => onOpenDay(date)}
                      aria-current={isToday ? 'date' : undefined}
                      w="100%"
                      h="100%"
                      mih="5.5rem"
                      p={2}
                      style={{
                        display: 'flex',
                        flexDirection: 'column',
                        gap: 2,
                        outline: isToday ? '2px solid var(--mantine-primary-color-filled)' : undefined,
                        outlineOffset: -2,
                      }}
                    >
                      {/* Named by its date and count; the titles below are for the eye, the popup lists them. */}
                      <VisuallyHidden>{`${dayLabel(date)}, ${count}`}</VisuallyHidden>
                      <Text size="sm" fw={isToday ? 700 : 400} px={2} aria-hidden="true">
                        {dayNumber(date)}
                      </Text>
                      {events.slice(0, eventsPerCell).map((event, index) => (
                        <EventChip key={index} event={event} date={date} />
                      ))}
                      {events.length > eventsPerCell && (
                        <Text size="xs" px={2} aria-hidden="true">
                          +{events.length - eventsPerCell} more
                        </Text>
                      )}
                    </UnstyledButton>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {isLoading && <Loader aria-label="Loading events" size="sm" pos="absolute" top="50%" left="50%" />}
    </Box>
  );
}

/** What the colours mean (spec part 2 §9: type 1 green, 2 orange, 3 weekly off). */
const legend = [
  { eventType: 1, label: 'Holiday / Event' },
  { eventType: 2, label: 'Event' },
  { eventType: 3, label: 'Weekly Off' },
] as const;

/** The key to the grid's colours. */
export function EventLegend() {
  return (
    <Group gap="md" aria-label="Colours">
      {legend.map(({ eventType, label }) => (
        <Group key={eventType} gap={6} wrap="nowrap">
          <Box w={12} h={12} bg={`${eventTypeColour(eventType)}.6`} style={{ borderRadius: 3 }} aria-hidden="true" />
          <Text size="xs">{label}</Text>
        </Group>
      ))}
    </Group>
  );
}
