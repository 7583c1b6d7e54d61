import {
  allDayText,
  audienceText,
  categoryTag,
  descriptionText,
  eventDatesText,
  eventTimesText,
  eventTypeColour,
  standardsText,
  truncateEventTitle,
} from '@campus/domain/events/events-rules';
import type { EventItem } from '@campus/domain/events/events.contract';
import { Anchor, Badge, Box, Button, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { dayLabel } from '../dates.ts';
import { Modal } from '../../../components/lazy-modal.tsx';

/** The calendar's popup (spec part 2 §4): closed, the list of one day's events, or one event's details. */
export type PopupState =
  { kind: 'closed' } | { kind: 'day'; date: string } | { kind: 'event'; date: string; index: number };

/** Said in the day popup of a day without events. */
export const noEventsText = 'No events on this day.';

/** A title cut to 30 characters plus '...', the full title on hover. */
const ShortTitle = ({ title }: { title: string }) => <span title={title}>{truncateEventTitle(title)}</span>;

/**
 * An event as a tile to open: its type's colour, title and dates. The tint is the colour's `light` variant, which
 * follows the colour scheme, and the text the scheme's own: a fixed pale tint under the dark scheme's light text
 * read at ~1.5:1 (issue 27 #13). `whole` shows the whole title, wrapped (the phone's month list); otherwise §2.6's
 * 30 characters with the full title on hover.
 */
export function EventTile({ event, onOpen, whole = false }: { event: EventItem; onOpen: () => void; whole?: boolean }) {
  const colour = eventTypeColour(event.event_type) || 'gray';
  const times = eventTimesText(event);
  return (
    <UnstyledButton
      onClick={onOpen}
      w="100%"
      p="xs"
      mih={44}
      bg={`var(--mantine-color-${colour}-light)`}
      c="var(--mantine-color-text)"
      data-event-type={event.event_type}
      style={{ borderLeft: `4px solid var(--mantine-color-${colour}-6)`, borderRadius: 4 }}
    >
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {whole ? event.title_name : <ShortTitle title={event.title_name} />}
      </Text>
      <Text size="xs">
        {eventDatesText(event)}
        {event.is_all_day_event ? ` · ${allDayText}` : times ? ` · ${times}` : ''}
      </Text>
    </UnstyledButton>
  );
}

function DayList({ events, onOpen }: { events: readonly EventItem[]; onOpen: (index: number) => void }) {
  if (events.length === 0) return <Text>{noEventsText}</Text>;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {events.map((event, index) => (
        <li key={index}>
          <EventTile event={event} onOpen={() => onOpen(index)} />
        </li>
      ))}
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w="7rem" fw={600} style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

/** Every field of an event (spec part 2 §2.6): category, dates, All Day, times, Standard, Audience, description. */
function EventDetail({ event }: { event: EventItem }) {
  const category = categoryTag(event);
  const times = eventTimesText(event);
  return (
    <Stack gap="sm">
      {(category || event.is_all_day_event) && (
        <Group gap="xs">
          {category && (
            // The label in the text colour: the light variant's own orange or green is too pale to read at this size.
            <Badge color={eventTypeColour(event.event_type)} variant="light" c="var(--mantine-color-text)">
              {category}
            </Badge>
          )}
          {event.is_all_day_event && (
            <Badge color="gray" variant="outline">
              {allDayText}
            </Badge>
          )}
        </Group>
      )}
      <Table variant="vertical" withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          <Field label="Date">{eventDatesText(event)}</Field>
          {times && <Field label="Time">{times}</Field>}
          <Field label="Standard">{standardsText(event.standardNamesList)}</Field>
          <Field label="Audience">{audienceText(event.userTypeList)}</Field>
          <Field label="Description">{descriptionText(event.holiday_desc)}</Field>
          {event.document_url && (
            <Field label="Document">
              <Anchor href={event.document_url} target="_blank" rel="noopener noreferrer">
                Download
              </Anchor>
            </Field>
          )}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

export interface EventPopupProps {
  state: PopupState;
  eventsByDay: Readonly<Record<string, readonly EventItem[]>>;
  onChange: (state: PopupState) => void;
}

/** The day popup and, over it, the detail popup of the event chosen; Back returns to the day's list. */
export function EventPopup({ state, eventsByDay, onChange }: EventPopupProps) {
  const events = state.kind === 'closed' ? [] : (eventsByDay[state.date] ?? []);
  const event = state.kind === 'event' ? events[state.index] : undefined;
  const close = () => onChange({ kind: 'closed' });
  return (
    <>
      <Modal
        opened={state.kind === 'day'}
        onClose={close}
        title={state.kind === 'closed' ? '' : dayLabel(state.date)}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {state.kind !== 'closed' && (
          <DayList events={events} onOpen={(index) => onChange({ ...state, kind: 'event', index })} />
        )}
      </Modal>
      <Modal
        opened={state.kind === 'event' && event !== undefined}
        onClose={close}
        title={event ? <ShortTitle title={event.title_name} /> : ''}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {event && state.kind === 'event' && (
          <Stack gap="md">
            <EventDetail event={event} />
            <Box>
              <Button variant="default" size="xs" onClick={() => onChange({ kind: 'day', date: state.date })}>
                Back
              </Button>
            </Box>
          </Stack>
        )}
      </Modal>
    </>
  );
}
