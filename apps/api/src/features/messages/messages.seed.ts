import { maskedSecret } from '@campus/domain/messages/messages-rules';
import { temporaryPasswordText } from '../auth/index.ts';
import { queueMessages, type MessageValues } from './index.ts';
import type { DemoContext } from '../../db/seed/context.ts';
import { demoLogins } from '../../db/seed/demo-accounts.ts';

/** `minutesAgo` before `now`: the inbox reads days in the reader's zone, so spread over several days. */
const ago = (now: Date, minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
const hours = 60;
const days = 24 * hours;

/** Texts sent to the demo phones over the last days (the inbox: Messages), newest first on screen. */
export async function seed({ tx, now, institutes: { greenfield, apex } }: DemoContext) {
  const greenfieldStudent = greenfield.account(demoLogins.greenfieldStudent, 1);
  const rows: (MessageValues & { instituteId: number })[] = [
    ...[
      [2 * hours, 'notice', 'Greenfield Public School: school remains closed tomorrow due to heavy rain. Stay safe.'],
      [
        1 * days + 3 * hours,
        'notice',
        'Greenfield Public School: Annual Sports Day on Saturday. Report by 8:00 AM in sports uniform.',
      ],
      [
        2 * days + 5 * hours,
        'fee_reminder',
        'Greenfield Public School: the second fee installment is due on the 10th. Please pay to avoid a late fine.',
      ],
      [4 * days + 1 * hours, 'notice', 'Greenfield Public School: Unit Test 2 timetable is on the notice board.'],
    ].map(([minutes, purpose, body]) => ({
      instituteId: greenfield.id,
      phone: demoLogins.greenfieldStudent,
      purpose: purpose as string,
      body: body as string,
      createdAt: ago(now, minutes as number),
      sentAt: ago(now, minutes as number),
    })),
    {
      // Expired long ago: the inbox shows the text with the password masked.
      instituteId: greenfield.id,
      phone: demoLogins.greenfieldStudent,
      purpose: 'forgot_password',
      body: temporaryPasswordText('Greenfield Public School', maskedSecret),
      secret: 'Q7M2KX9P',
      secretUserId: greenfieldStudent.userId,
      secretExpiresAt: ago(now, 3 * days - 15),
      createdAt: ago(now, 3 * days),
      sentAt: ago(now, 3 * days),
    },
    ...[
      [5 * hours, 'fee_reminder', 'Greenfield Public School: fees for Aarav and Diya are due on the 10th.'],
      [
        1 * days + 3 * hours,
        'notice',
        'Greenfield Public School: Parent-teacher meeting on Saturday, 10:00 AM to 1:00 PM.',
      ],
      [6 * days, 'notice', 'Greenfield Public School: the school bus timings change from Monday.'],
    ].map(([minutes, purpose, body]) => ({
      instituteId: greenfield.id,
      phone: demoLogins.greenfieldParentOfTwo,
      purpose: purpose as string,
      body: body as string,
      createdAt: ago(now, minutes as number),
      sentAt: ago(now, minutes as number),
    })),
    ...[
      [3 * hours, 'notice', 'Apex Coaching Institute: the JEE mock test starts at 9:00 AM on Sunday.'],
      [2 * days + 2 * hours, 'fee_reminder', 'Apex Coaching Institute: your course fee installment is due this week.'],
    ].map(([minutes, purpose, body]) => ({
      instituteId: apex.id,
      phone: '9100000001',
      purpose: purpose as string,
      body: body as string,
      createdAt: ago(now, minutes as number),
      sentAt: ago(now, minutes as number),
    })),
  ];
  for (const institute of [greenfield, apex]) {
    await queueMessages(
      tx,
      institute.id,
      rows.filter((row) => row.instituteId === institute.id).map(({ instituteId: _instituteId, ...row }) => row),
    );
  }
}
