import { dateInZone, formatInZone, type IsoDate } from '../calendar/index.ts';
import type { Message } from './messages.contract.ts';

/** The web asks for one batch from the start (spec part 2 §9: start index 0, batch size 1000). */
export const messageStartIndex = 0;
/** Batch size the web asks for, and the most one call may ask for. */
export const maxMessageBatchSize = 1000;

/** What an expired or used temporary password reads as in the inbox. */
export const maskedSecret = '••••••••';

/** Empty state of the inbox (spec part 2 §2.5). */
export const noMessagesText = 'No Messages Yet!';

/**
 * The phone an inbox is asked for: `+`, the institute's country calling code (stored with or without its `+`) and
 * the number, e.g. `+919000000001`; empty when the account has no phone.
 */
export function inboxPhoneOf(countryCallingCode: string, phone: string | null | undefined): string {
  return phone ? `+${countryCallingCode.replace(/^\+/, '')}${phone}` : '';
}

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** One day of the inbox: its weekday name and DD-MM-YYYY date, and its messages with their hh:mm A times. */
export interface MessageDay {
  /** `YYYY-MM-DD` in the reader's time zone (a stable key). */
  key: IsoDate;
  weekday: string;
  /** DD-MM-YYYY */
  date: string;
  messages: { message: string; time: string }[];
}

/**
 * Groups messages by the calendar day they were sent in `timeZone` (spec part 2 §2.5), keeping their order (the
 * server answers newest first), so days come newest first too.
 */
export function groupMessagesByDay(messages: readonly Message[], timeZone: string): MessageDay[] {
  const days: MessageDay[] = [];
  for (const { message, createdDateTime } of messages) {
    const instant = new Date(createdDateTime);
    if (Number.isNaN(instant.getTime())) continue;
    const key = dateInZone(instant, timeZone);
    const { date, time } = formatInZone(instant, timeZone);
    let day = days.find((each) => each.key === key);
    if (!day) {
      const [year, month, dayOfMonth] = key.split('-').map(Number) as [number, number, number];
      day = {
        key,
        weekday: weekdays[new Date(Date.UTC(year, month - 1, dayOfMonth)).getUTCDay()]!,
        date,
        messages: [],
      };
      days.push(day);
    }
    day.messages.push({ message, time });
  }
  return days;
}
