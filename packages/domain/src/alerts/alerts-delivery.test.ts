import { describe, expect, it } from 'vitest';
import { alertSmsText, deliveryTries, digestText, planDeliveries, retryAt } from './alerts-delivery.ts';
import { defaultAlertSettings, type AlertSettings } from './alerts-settings.ts';

const kolkata = 'Asia/Kolkata';
/** A Kolkata wall-clock time on a date, as an instant (+05:30). */
const at = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);
const iso = (plans: ReturnType<typeof planDeliveries>) =>
  plans.map(({ channel, dueAt, digestDay }) => [channel, dueAt.toISOString(), digestDay]);

describe('planDeliveries', () => {
  it('by default a parent hears of an absence by SMS and push at once in the day, never on the bell’s channel', () => {
    const now = at('2026-11-27', '10:00');
    expect(iso(planDeliveries('absence', defaultAlertSettings, 'parent', now, kolkata))).toEqual([
      ['sms', now.toISOString(), null],
      ['push', now.toISOString(), null],
    ]);
  });

  it('a notice by push only, and nothing of a live class (a parent opts in)', () => {
    const now = at('2026-11-27', '10:00');
    expect(planDeliveries('notice', defaultAlertSettings, 'parent', now, kolkata).map((p) => p.channel)).toEqual([
      'push',
    ]);
    expect(planDeliveries('live-soon', defaultAlertSettings, 'parent', now, kolkata)).toEqual([]);
    expect(planDeliveries('live-soon', defaultAlertSettings, 'student', now, kolkata).map((p) => p.channel)).toEqual([
      'push',
    ]);
  });

  it('in quiet hours waits until 07:00, unless the kind is urgent', () => {
    const now = at('2026-11-27', '22:30');
    const morning = at('2026-11-28', '07:00').toISOString();
    expect(iso(planDeliveries('absence', defaultAlertSettings, 'parent', now, kolkata))).toEqual([
      ['sms', morning, null],
      ['push', morning, null],
    ]);
    const urgent: AlertSettings = { ...defaultAlertSettings, urgent: ['absence'] };
    expect(iso(planDeliveries('absence', urgent, 'parent', now, kolkata))).toEqual([
      ['sms', now.toISOString(), null],
      ['push', now.toISOString(), null],
    ]);
  });

  it('a channel in digest mode waits for its time, today’s or tomorrow’s, and names the digest’s local day', () => {
    const settings: AlertSettings = {
      ...defaultAlertSettings,
      channels: { absence: { email: true } },
      digest: { email: '18:00', push: '07:30' },
    };
    expect(iso(planDeliveries('absence', settings, 'parent', at('2026-11-27', '10:00'), kolkata))).toEqual([
      ['sms', at('2026-11-27', '10:00').toISOString(), null],
      ['email', at('2026-11-27', '18:00').toISOString(), '2026-11-27'],
      ['push', at('2026-11-28', '07:30').toISOString(), '2026-11-28'],
    ]);
  });

  it('an alert planned more than a day after it was produced goes on no channel (the bell has it)', () => {
    const now = at('2026-11-27', '10:00');
    const dayBefore = new Date(now.getTime() - 24 * 60 * 60_000);
    expect(planDeliveries('absence', defaultAlertSettings, 'parent', now, kolkata, dayBefore)).toHaveLength(2);
    const older = new Date(dayBefore.getTime() - 1);
    expect(planDeliveries('absence', defaultAlertSettings, 'parent', now, kolkata, older)).toEqual([]);
  });

  it('a channel the account turned off is not planned', () => {
    const settings: AlertSettings = { ...defaultAlertSettings, channels: { absence: { sms: false, push: false } } };
    expect(planDeliveries('absence', settings, 'parent', at('2026-11-27', '10:00'), kolkata)).toEqual([]);
  });
});

describe('retryAt', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  it.each([
    [1, 30],
    [2, 60],
    [3, 120],
    [10, 4 * 60 * 60],
  ])('after try %i: %i s later', (attempts, seconds) => {
    expect(retryAt(attempts, now)).toEqual(new Date(now.getTime() + seconds * 1000));
  });
  it('gives up after its last try', () => expect(retryAt(deliveryTries, now)).toBeUndefined());
});

describe('texts', () => {
  it('an SMS is the title and the sentence', () => {
    expect(alertSmsText({ title: 'Fee overdue', body: '₹5,000 is overdue.' })).toBe('Fee overdue: ₹5,000 is overdue.');
    expect(alertSmsText({ title: '', body: 'Only a sentence.' })).toBe('Only a sentence.');
  });
  it('a digest is one message with a line per alert', () => {
    const digest = digestText([
      { title: 'A', body: 'one.' },
      { title: 'B', body: 'two.' },
    ]);
    expect(digest).toEqual({
      title: 'Your 2 alerts of the day',
      body: 'A: one.\nB: two.',
      lines: ['A: one.', 'B: two.'],
    });
    expect(digestText([{ title: 'A', body: 'one.' }]).title).toBe('Your alert of the day');
  });
});
