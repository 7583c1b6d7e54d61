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
import { Box, Group, Loader, Stack, Table, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { dayLabel } from '../dates.ts';
import { EventTile } from './event-popup.tsx';

/** A grid cell shows this many events; the rest are counted ('+2 more') and listed in the day popup. */
const eventsPerCell = 2;

const dayNumber = (date: string) => Number(date.slice(8));

/**
 * An event in a day cell, in its type's colour; a copy on a later day of its range reads as its continuation. On a
 * phone a cell is ~46 px wide, where a title would be cut to 'Sun…': there the chip is a bar of its colour, and the
 * titles are listed whole under the grid (`MonthEventList`).
 */
function EventChip({ event, date }: { event: EventItem; date: string }) {
  const colour = eventTypeColour(event.event_type) || 'gray';
  const isCopy = isEventCopy(event, date);
  return (
    <>
      <Box
        hiddenFrom="sm"
        aria-hidden="true"
        data-event-type={event.event_type}
        h={6}
        mx={2}
        bg={`${colour}.6`}
        style={{ borderRadius: isCopy ? 0 : 3 }}
      />
      <EventTitleChip event={event} colour={colour} isCopy={isCopy} />
    </>
  );
}

function EventTitleChip({ event, colour, isCopy }: { event: EventItem; colour: string; isCopy: boolean }) {
  return (
    <Box
      visibleFrom="sm"
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
                          +{events.length - eventsPerCell}
                          <Text span visibleFrom="sm" inherit>
                            {' '}
                            more
                          </Text>
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

/**
 * The month's events under the grid on a phone, whole titles wrapped, day by day, each with its dates; an event over
 * several days is listed once. A tile opens the event's details.
 */
export function MonthEventList({
  month,
  eventsByDay,
  onOpenEvent,
}: {
  month: CalendarMonth;
  eventsByDay: Readonly<Record<string, readonly EventItem[]>>;
  onOpenEvent: (date: string, index: number) => void;
}) {
  const dates = monthGrid(month)
    .flat()
    .filter((cell) => cell.inMonth)
    .map((cell) => cell.date);
  // An event over several days (a break, a weekly off) is listed once, on the first day of the month it shows on.
  const listed = new Set<string>();
  const days = dates
    .map((date) => {
      const events = (eventsByDay[date] ?? []).flatMap((event, index) => {
        const key = `${event.title_name}|${event.event_start_Date}|${event.event_end_date}`;
        if (listed.has(key)) return [];
        listed.add(key);
        return [{ event, index }];
      });
      return { date, events };
    })
    .filter((day) => day.events.length > 0);
  return (
    <Box hiddenFrom="sm" component="section" aria-label={`Events in ${monthTitle(month)}`}>
      <Title order={3} size="h5" mb="xs">
        Events in {monthTitle(month)}
      </Title>
      {days.length === 0 ? (
        <Text size="sm">No events this month.</Text>
      ) : (
        <Stack gap="sm">
          {days.map(({ date, events }) => (
            <Stack key={date} gap={4}>
              <Text size="sm" fw={600}>
                {dayLabel(date)}
              </Text>
              {events.map(({ event, index }) => (
                <EventTile key={index} event={event} whole onOpen={() => onOpenEvent(date, index)} />
              ))}
            </Stack>
          ))}
        </Stack>
      )}
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
