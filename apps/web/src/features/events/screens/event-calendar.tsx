import { useSession } from '../../../lib/session.ts';
import { EventCalendarView } from '../components/event-calendar-view.tsx';

/** /eventCalender: the institute's events and holidays by month. */
export function EventCalendarScreen() {
  const session = useSession();
  return session ? <EventCalendarView session={session} /> : null;
}
