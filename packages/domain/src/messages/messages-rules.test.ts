import { describe, expect, it } from 'vitest';
import { inboxPhoneSchema, messagesSchemas } from './messages.contract.ts';
import { groupMessagesByDay, inboxPhoneOf } from './messages-rules.ts';

describe('groupMessagesByDay', () => {
  const messages = [
    { message: 'c', createdDateTime: '2026-11-23T04:00:00.000Z' },
    { message: 'b', createdDateTime: '2026-11-22T19:00:00.000Z' },
    { message: 'a', createdDateTime: '2026-11-22T10:05:00.000Z' },
  ];

  it('groups by the day in the time zone, with weekday, DD-MM-YYYY and hh:mm A', () => {
    expect(groupMessagesByDay(messages, 'Asia/Kolkata')).toEqual([
      {
        key: '2026-11-23',
        weekday: 'Monday',
        date: '23-11-2026',
        messages: [
          { message: 'c', time: '09:30 AM' },
          { message: 'b', time: '12:30 AM' },
        ],
      },
      { key: '2026-11-22', weekday: 'Sunday', date: '22-11-2026', messages: [{ message: 'a', time: '03:35 PM' }] },
    ]);
  });

  it('puts the same instants on other days in another time zone', () => {
    const days = groupMessagesByDay(messages, 'UTC');
    expect(days.map((day) => [day.weekday, day.date, day.messages.length])).toEqual([
      ['Monday', '23-11-2026', 1],
      ['Sunday', '22-11-2026', 2],
    ]);
  });

  it('answers no days for no messages and skips an unreadable date', () => {
    expect(groupMessagesByDay([], 'Asia/Kolkata')).toEqual([]);
    expect(groupMessagesByDay([{ message: 'x', createdDateTime: 'never' }], 'Asia/Kolkata')).toEqual([]);
  });
});

describe('the messages call', () => {
  it('names the inbox by + country code and number, whether the code has its + or not', () => {
    expect(inboxPhoneOf('91', '9000000001')).toBe('+919000000001');
    expect(inboxPhoneOf('+91', '9000000001')).toBe('+919000000001');
    expect(inboxPhoneOf('+91', '')).toBe('');
    expect(inboxPhoneOf('91', null)).toBe('');
  });

  it('reads + country code and number, with or without a hyphen', () => {
    expect(inboxPhoneSchema.parse('+919000000001')).toBe('+919000000001');
    expect(inboxPhoneSchema.parse('+91-9000000001')).toBe('+919000000001');
    for (const bad of ['9000000001', '+91 9000000001', '+91--9000000001', '+', 'abc']) {
      expect(inboxPhoneSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('takes start_index 0 or more and batch_size 1 to 1000, 0 and 1000 by default', () => {
    const query = messagesSchemas.byPhone.query;
    expect(query.parse({})).toEqual({ start_index: 0, batch_size: 1000 });
    expect(query.parse({ start_index: '20', batch_size: '1' })).toEqual({ start_index: 20, batch_size: 1 });
    for (const bad of [{ start_index: '-1' }, { batch_size: '0' }, { batch_size: '1001' }, { start_index: '1.5' }]) {
      expect(query.safeParse(bad).success).toBe(false);
    }
  });
});
