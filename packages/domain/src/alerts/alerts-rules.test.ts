import { describe, expect, it } from 'vitest';
import {
  absenceText,
  alertChannels,
  alertKinds,
  defaultChannelOn,
  defaultQuietHours,
  deliverAt,
  dayMonthYear,
  describeAlert,
  feeAlertOn,
  feeText,
  homeworkDueText,
  homeworkNewText,
  inQuietHours,
  isDueTomorrow,
  isLiveSoon,
  isLocalTime,
  isNewForAlert,
  listInWords,
  liveSoonText,
  localTime,
  nextDigestAt,
  noticeText,
  resultOfflineText,
  resultOnlineText,
} from './alerts-rules.ts';

const kolkata = 'Asia/Kolkata';
/** A Kolkata wall-clock time on a date, as an instant (+05:30). */
const at = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);

describe('defaultChannelOn', () => {
  it('in the app and by push every kind, by SMS only absence and overdue fees, email never (digest off)', () => {
    const on = (role: 'student' | 'parent') =>
      Object.fromEntries(
        alertKinds.map((kind) => [
          kind,
          alertChannels.filter((channel) => defaultChannelOn(kind, channel, role)).join(' '),
        ]),
      );
    expect(on('parent')).toEqual({
      absence: 'app sms push',
      'fee-due': 'app push',
      'fee-overdue': 'app sms push',
      'homework-new': 'app push',
      'homework-due': 'app push',
      'result-online': 'app push',
      'result-offline': 'app push',
      'live-soon': '',
      notice: 'app push',
    });
    expect(on('student')['live-soon']).toBe('app push');
  });
});

describe('quiet hours', () => {
  it.each([
    ['20:59', false],
    ['21:00', true],
    ['23:59', true],
    ['00:00', true],
    ['06:59', true],
    ['07:00', false],
    ['12:00', false],
  ])('21:00–07:00 at %s: %s', (time, quiet) => {
    expect(inQuietHours(time, defaultQuietHours)).toBe(quiet);
  });

  it.each([
    [{ start: '13:00', end: '14:00' }, '13:30', true],
    [{ start: '13:00', end: '14:00' }, '14:00', false],
    [{ start: '08:00', end: '08:00' }, '08:00', false],
  ])('%o at %s: %s', (quiet, time, expected) => {
    expect(inQuietHours(time, quiet)).toBe(expected);
  });

  it('reads the local time in the institute’s zone', () => {
    expect(localTime(new Date('2026-11-27T16:00:00Z'), kolkata)).toBe('21:30');
    expect(localTime(new Date('2026-11-27T18:30:00Z'), kolkata)).toBe('00:00');
  });

  it.each(['00:00', '07:30', '23:59'])('%s is a local time', (time) => expect(isLocalTime(time)).toBe(true));
  it.each(['24:00', '7:30', '07:60', '', '07:30:00'])('%s is not', (time) => expect(isLocalTime(time)).toBe(false));
});

describe('deliverAt', () => {
  const quiet = defaultQuietHours;
  it.each([
    ['outside quiet hours: now', at('2026-11-27', '18:00'), 'sms', false, at('2026-11-27', '18:00')],
    ['in the evening: the next morning at 07:00', at('2026-11-27', '22:15'), 'push', false, at('2026-11-28', '07:00')],
    ['after midnight: the same morning', at('2026-11-28', '05:00'), 'email', false, at('2026-11-28', '07:00')],
    ['the bell never waits', at('2026-11-27', '22:15'), 'app', false, at('2026-11-27', '22:15')],
    ['an urgent alert never waits', at('2026-11-27', '22:15'), 'sms', true, at('2026-11-27', '22:15')],
  ] as const)('%s', (_, now, channel, urgent, expected) => {
    expect(deliverAt(now, kolkata, { channel, quiet, urgent })).toEqual(expected);
  });
});

describe('nextDigestAt', () => {
  it.each([
    ['before the time: today', at('2026-11-27', '10:00'), '18:00', at('2026-11-27', '18:00')],
    ['at the time: now', at('2026-11-27', '18:00'), '18:00', at('2026-11-27', '18:00')],
    ['after it: tomorrow', at('2026-11-27', '18:01'), '18:00', at('2026-11-28', '18:00')],
  ] as const)('%s', (_, now, time, expected) => {
    expect(nextDigestAt(now, kolkata, time)).toEqual(expected);
  });
});

describe('feeAlertOn', () => {
  // Due on the 10th: reminded from the 7th (three days before), overdue from the 12th (spec part 2 §9).
  it.each([
    ['2026-12-06', undefined],
    ['2026-12-07', 'fee-due'],
    ['2026-12-10', 'fee-due'],
    ['2026-12-11', undefined],
    ['2026-12-12', 'fee-overdue'],
    ['2027-01-30', 'fee-overdue'],
  ])('due 2026-12-10, on %s: %s', (day, expected) => {
    expect(feeAlertOn('2026-12-10', at(day, '09:00'), kolkata)).toBe(expected);
  });

  it('counts days in the institute’s zone: 00:10 on the 12th in Kolkata is still the 11th in UTC', () => {
    expect(feeAlertOn('2026-12-10', at('2026-12-12', '00:10'), kolkata)).toBe('fee-overdue');
    expect(feeAlertOn('2026-12-10', at('2026-12-12', '00:10'), 'UTC')).toBeUndefined();
  });
});

describe('isLiveSoon', () => {
  const starts = at('2026-11-27', '10:00');
  it.each([
    ['09:44', false],
    ['09:45', true],
    ['09:59', true],
    ['10:00', false],
  ])('a class at 10:00, at %s: %s', (time, expected) => {
    expect(isLiveSoon(starts, at('2026-11-27', time))).toBe(expected);
  });
});

describe('what an alert says', () => {
  it('lists in words', () => {
    expect(listInWords([])).toBe('');
    expect(listInWords(['Maths'])).toBe('Maths');
    expect(listInWords(['Maths', 'Science'])).toBe('Maths and Science');
    expect(listInWords(['Maths', 'Science', 'English'])).toBe('Maths, Science and English');
  });

  it('an absence names the child and the classes missed', () => {
    expect(absenceText('Aarav', ['Maths', 'Science'], '2026-11-27')).toEqual({
      title: 'Aarav was absent on 27-11-2026',
      body: 'Aarav was marked absent in Maths and Science on 27-11-2026.',
    });
    expect(absenceText('Aarav', [''], '2026-11-27').body).toBe('Aarav was marked absent on 27-11-2026.');
  });

  it('a fee alert gives the amount left in the spec’s money format and the due date as the fees screen does', () => {
    expect(feeText('fee-due', 'Aarav', '2026-12-10', 1_250_000)).toEqual({
      title: 'Fee due soon',
      body: 'Rs 12,500 of Aarav’s fees is due on 10-12-2026.',
    });
    expect(feeText('fee-overdue', 'Aarav', '2026-12-10', 1_250_000).body).toBe(
      'Rs 12,500 of Aarav’s fees was due on 10-12-2026 and is overdue.',
    );
  });
});

describe('describeAlert', () => {
  it('an absence opens the timetable on its day', () => {
    expect(describeAlert('absence', { child: 'Aarav', classes: ['Maths'], date: '2026-11-21' })).toEqual({
      title: 'Aarav was absent on 21-11-2026',
      body: 'Aarav was marked absent in Maths on 21-11-2026.',
      path: '/timetable?date=2026-11-21',
    });
  });

  it('a fee alert opens the fees screen', () => {
    expect(describeAlert('fee-overdue', { child: 'Aarav', dueDate: '2026-12-10', left: 100 }).path).toBe('/fees');
  });

  it('data of the wrong shape draws empty words, never a crash', () => {
    expect(describeAlert('absence', { child: 7, classes: 'Maths' })).toEqual({
      title: ' was absent',
      body: ' was marked absent.',
      path: '/timetable?date=',
    });
  });
});

describe('isNewForAlert', () => {
  it.each([
    ['2026-11-21', '12:00', true],
    ['2026-11-21', '00:00', true],
    ['2026-11-20', '12:01', true],
    ['2026-11-20', '12:00', false],
    ['2026-11-19', '12:00', false],
    ['2026-11-21', '12:01', false],
  ])('set %s %s, now 21-11 12:00: new %s', (date, time, expected) => {
    expect(isNewForAlert(at(date, time), at('2026-11-21', '12:00'))).toBe(expected);
  });
});

describe('isDueTomorrow', () => {
  it.each([
    ['2026-11-22', '00:00', true],
    ['2026-11-22', '23:59', true],
    ['2026-11-21', '23:59', false],
    ['2026-11-23', '00:00', false],
  ])('due %s %s, now 21-11 12:00 in Kolkata: %s', (date, time, expected) => {
    expect(isDueTomorrow(at(date, time), at('2026-11-21', '12:00'), kolkata)).toBe(expected);
  });

  it('counts days in the institute’s zone: 02:00 on the 22nd in Kolkata is still the 21st in UTC', () => {
    const dueAt = at('2026-11-22', '02:00');
    const now = at('2026-11-21', '12:00');
    expect(isDueTomorrow(dueAt, now, kolkata)).toBe(true);
    expect(isDueTomorrow(dueAt, now, 'UTC')).toBe(false);
  });
});

describe('texts of the other kinds', () => {
  it.each([
    ['2026-12-10', '10-12-2026'],
    ['', ''],
    ['2026-12', ''],
  ])('dayMonthYear(%s) is %s', (date, expected) => {
    expect(dayMonthYear(date)).toBe(expected);
  });

  it.each([
    [
      homeworkNewText('Aarav', 'Maths', 'Fractions', '2026-11-28'),
      { title: 'New homework', body: 'Aarav has new Maths homework: Fractions, due on 28-11-2026.' },
    ],
    [
      homeworkDueText('Aarav', 'Maths', 'Fractions', '2026-11-22'),
      {
        title: 'Homework due tomorrow',
        body: 'Aarav has not yet submitted Maths homework Fractions, due on 22-11-2026.',
      },
    ],
    [
      resultOnlineText('Aarav', 'Unit Test 3'),
      { title: 'Test result released', body: 'Aarav’s result in Unit Test 3 is out.' },
    ],
    [
      resultOfflineText('Aarav', '2026-11-18', 'Algebra'),
      { title: 'Exam marks published', body: 'Aarav’s marks in the Algebra exam of 18-11-2026 are out.' },
    ],
    [
      resultOfflineText('Aarav', '2026-11-18', ''),
      { title: 'Exam marks published', body: 'Aarav’s marks in the exam of 18-11-2026 are out.' },
    ],
    [
      liveSoonText('Aarav', 'Optics', at('2026-11-21', '16:30'), kolkata),
      { title: 'Live class soon', body: 'Aarav’s live class Optics starts at 04:30 PM.' },
    ],
    [
      noticeText('Aarav', 'School closed on Monday'),
      { title: 'New notice', body: 'A notice for Aarav: School closed on Monday' },
    ],
  ])('%o', (text, expected) => {
    expect(text).toEqual(expected);
  });
});

describe('describeAlert of every kind', () => {
  it.each([
    ['fee-due', { child: 'Aarav', dueDate: '2026-12-10', left: 1_250_000 }, 'Fee due soon', '/fees'],
    [
      'homework-new',
      { child: 'Aarav', id: 41, subject: 'Maths', title: 'Fractions', dueDate: '2026-11-28' },
      'New homework',
      '/assignment/41',
    ],
    [
      'homework-due',
      { child: 'Aarav', id: 41, subject: 'Maths', title: 'Fractions', dueDate: '2026-11-22' },
      'Homework due tomorrow',
      '/assignment/41',
    ],
    ['result-online', { child: 'Aarav', id: 7, test: 'Unit Test 3' }, 'Test result released', '/report'],
    ['result-offline', { child: 'Aarav', id: 8, examDate: '2026-11-18', topic: '' }, 'Exam marks published', '/report'],
    [
      'live-soon',
      { child: 'Aarav', id: 9, name: 'Optics', startsAt: '2026-11-21T11:00:00.000Z', timeZone: kolkata },
      'Live class soon',
      '/live',
    ],
    ['notice', { child: 'Aarav', id: 3, title: 'Holiday' }, 'New notice', '/announcement'],
  ] as const)('%s says %s… and opens %s', (kind, data, title, path) => {
    const described = describeAlert(kind, data);
    expect(described.title).toBe(title);
    expect(described.path).toBe(path);
    expect(described.body).toContain('Aarav');
  });

  it('a live class with no stored start still reads as a sentence', () => {
    expect(describeAlert('live-soon', { child: 'Aarav', name: 'Optics' }).body).toBe(
      'Aarav’s live class Optics starts soon.',
    );
  });

  it('a kind this build does not know shows its stored words and opens home', () => {
    expect(describeAlert('later-kind' as never, { title: 'T', body: 'B' })).toEqual({
      title: 'T',
      body: 'B',
      path: '/dashboard',
    });
  });
});
