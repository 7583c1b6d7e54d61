// How an alert leaves the portal (issue 31): on which channels, when (quiet hours, urgent kinds, the daily digest),
// how often a failing channel is tried again, and the words of a text and a digest. Pure: every rule takes `now`.
import { dateInZone, type IsoDate } from '../calendar/index.ts';
import { deliverAt, nextDigestAt, type AlertKind, type AlertText } from './alerts-rules.ts';
import { channelsOf, digestChannels, type AlertSettings, type DigestChannel } from './alerts-settings.ts';

/** The channels the worker delivers on: the bell reads the alerts themselves. */
export const deliveryChannels = digestChannels;
export type DeliveryChannel = DigestChannel;

/** One channel an alert goes out on, and when. */
export interface PlannedDelivery {
  channel: DeliveryChannel;
  /** When it may go: now, the end of the quiet hours, or the time of the channel's digest. */
  dueAt: Date;
  /** The local day of the digest that carries it; null when it goes on its own. */
  digestDay: IsoDate | null;
}

/** An alert produced longer ago than this when it is planned is old news: the bell has it, no channel sends it. */
export const staleAlertMs = 24 * 60 * 60_000;

/**
 * The deliveries of an alert of `kind` produced at `createdAt` and planned at `now` for an account with `settings`:
 * one per channel its settings turn on. A channel in digest mode waits for the next digest (its chosen local time);
 * any other goes at once, or at the end of the quiet hours unless the account marked the kind urgent. None for an
 * alert planned more than a day after it was produced (a worker that was down, the demo's earlier days).
 */
export function planDeliveries(
  kind: AlertKind,
  settings: AlertSettings,
  role: 'student' | 'parent',
  now: Date,
  timeZone: string,
  createdAt: Date = now,
): PlannedDelivery[] {
  if (now.getTime() - createdAt.getTime() > staleAlertMs) return [];
  const urgent = settings.urgent.includes(kind);
  return channelsOf(settings, kind, role).flatMap((channel): PlannedDelivery[] => {
    if (channel === 'app') return [];
    const digestTime = settings.digest[channel];
    if (digestTime) {
      const dueAt = nextDigestAt(now, timeZone, digestTime);
      return [{ channel, dueAt, digestDay: dateInZone(dueAt, timeZone) }];
    }
    return [{ channel, dueAt: deliverAt(now, timeZone, { channel, quiet: settings.quiet, urgent }), digestDay: null }];
  });
}

/** Tries of one delivery before it is given up (the last about a day after the first). */
export const deliveryTries = 12;

/** The first pause after a failed try; it doubles for each later one, up to `maxRetryPauseMs`. */
const firstRetryPauseMs = 30_000;
const maxRetryPauseMs = 4 * 60 * 60_000;

/**
 * When a delivery that failed its `attempts`-th try (1 for the first) is tried again: 30 s, 1 min, 2 min… at most
 * 4 hours later; undefined once it has had its `deliveryTries` tries.
 */
export function retryAt(attempts: number, now: Date): Date | undefined {
  if (attempts >= deliveryTries) return undefined;
  const pause = Math.min(maxRetryPauseMs, firstRetryPauseMs * 2 ** Math.max(0, attempts - 1));
  return new Date(now.getTime() + pause);
}

/** An alert's text as an SMS: its sentence, after the title when the sentence does not repeat it. */
export function alertSmsText({ title, body }: AlertText): string {
  if (!title) return body;
  if (!body) return title;
  return `${title}: ${body}`;
}

/** A digest: one message for the alerts gathered since the last one, oldest first, a line each. */
export function digestText(alerts: readonly AlertText[]): AlertText & { lines: string[] } {
  const lines = alerts.map((alert) => alertSmsText(alert));
  return {
    title: alerts.length === 1 ? 'Your alert of the day' : `Your ${alerts.length} alerts of the day`,
    body: lines.join('\n'),
    lines,
  };
}
