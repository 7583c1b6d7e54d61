import {
  calendarErrorAction,
  calendarErrorRedirectMs,
  calendarModes,
  isCurrentAcademicYear,
  monthTitle,
  openingMonth,
  selectedAcademicYear,
  shiftMonth,
  type CalendarMonth,
} from '@campus/domain/events/events-rules';
import type { EventItem } from '@campus/domain/events/events.contract';
import { homePages } from '@campus/domain/home/home.page';
import { ActionIcon, Button, Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';
import { useEvents } from '../api/get-events.ts';
import { localDate } from '../../../lib/local-date.ts';
import { EventPopup, type PopupState } from './event-popup.tsx';
import { EventLegend, MonthEventList, MonthGrid } from './month-grid.tsx';
import { useAddressParam } from '../../../lib/address-state.ts';

type Mode = keyof typeof calendarModes;

/**
 * The event calendar (spec part 2 §2.6): a month grid with previous and next, Today only in the current academic
 * year, 'My Event' (default) or all events; a date opens its day's list, an event its details. A failed load
 * follows §8: 403 logs out (the api client), a server message is toasted and the dashboard opens 2 s later,
 * anything else is a generic toast.
 */
export function EventCalendarView({ session }: { session: StoredSession }) {
  const navigate = useNavigate();
  const today = localDate();
  const year = selectedAcademicYear(session);
  const opening = openingMonth(today, year);
  // The month and the mode live in the address (?month=2026-12&mode=all): a reload or Back from elsewhere keeps them.
  const [month, setMonth] = useAddressParam<CalendarMonth>(
    'month',
    (raw) => {
      const match = raw === null ? null : /^(\d{4})-(0[1-9]|1[0-2])$/.exec(raw);
      return match ? { year: Number(match[1]), month: Number(match[2]) } : opening;
    },
    (value) =>
      value.year === opening.year && value.month === opening.month
        ? null
        : `${value.year}-${String(value.month).padStart(2, '0')}`,
  );
  const [mode, setMode] = useAddressParam<Mode>(
    'mode',
    (raw) => (raw === 'all' ? 'all' : 'mine'),
    (value) => (value === 'all' ? 'all' : null),
  );
  const [popup, setPopup] = useState<PopupState>({ kind: 'closed' });
  const { data, error, isFetching } = useEvents(session, month, mode === 'all');
  const eventsByDay: Record<string, EventItem[]> = useMemo(() => data ?? {}, [data]);

  useEffect(() => {
    if (!error) return;
    const action = error instanceof ApiError ? calendarErrorAction(error.status, error.serverMessage) : 'toast';
    if (action === 'logout') return;
    showToast(error.message, 'error');
    if (action !== 'toastAndLeave') return;
    const timer = setTimeout(() => void navigate(homePages.dashboard), calendarErrorRedirectMs);
    return () => clearTimeout(timer);
  }, [error, navigate]);

  const openDay = (date: string) => setPopup({ kind: 'day', date });

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Event Calender
      </Title>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Previous month"
            onClick={() => setMonth(shiftMonth(month, -1))}
          >
            <span aria-hidden="true">‹</span>
          </ActionIcon>
          <Title order={2} size="h4" miw="10.5rem" ta="center" aria-live="polite">
            {monthTitle(month)}
          </Title>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Next month"
            onClick={() => setMonth(shiftMonth(month, 1))}
          >
            <span aria-hidden="true">›</span>
          </ActionIcon>
          {isCurrentAcademicYear(today, year) && (
            <Button variant="light" size="xs" onClick={() => setMonth(openingMonth(today, null))}>
              Today
            </Button>
          )}
        </Group>
        <SegmentedControl
          aria-label="Events shown"
          value={mode}
          onChange={(value) => setMode(value as Mode)}
          data={[
            { value: 'mine', label: calendarModes.mine },
            { value: 'all', label: calendarModes.all },
          ]}
        />
      </Group>
      <MonthGrid
        month={month}
        today={today}
        eventsByDay={eventsByDay}
        isLoading={isFetching && !data}
        onOpenDay={openDay}
      />
      <EventLegend />
      <MonthEventList
        month={month}
        eventsByDay={eventsByDay}
        onOpenEvent={(date, index) => setPopup({ kind: 'event', date, index })}
      />
      <EventPopup state={popup} eventsByDay={eventsByDay} onChange={setPopup} />
    </Stack>
  );
}
