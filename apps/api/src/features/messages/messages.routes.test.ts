import type { Session } from '@campus/domain/auth/auth.contract';
import { maskedSecret } from '@campus/domain/messages/messages-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAs, postLogin, signIn } from '../../../test/auth-helpers.ts';
import {
  createInstitute,
  createParent,
  createStudent,
  createUser,
  factoryPassword,
} from '../../../test/factories/institutes.ts';
import { createMessage } from '../../../test/factories/messages.ts';
import { createMigratedDatabase, createTestApp, fixedNow } from '../../../test/helpers.ts';
import { waitForJobs } from '../../../test/jobs.ts';
import type { SmsSender } from '../../lib/sms.ts';
import { temporaryPasswordText } from '../auth/index.ts';

interface Message {
  message: string;
  createdDateTime: string;
}

const hours = 60;
const days = 24 * hours;

// Built from factories: a school (at localhost) whose student (9000000001) has four texts and an expired temporary
// password, whose parent of two (9000000002) has three texts, and a course buyer without a phone; a coaching
// institute (at apex.localhost) whose student (9100000001) has two texts.
describe('GET /api/v1/alerts/config/messagesByPhoneNo/{instituteId}/{+countrycode-phone}', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let clock = fixedNow;
  const sent: { phone: string; body: string }[] = [];
  const sms: SmsSender = { send: async (message) => void sent.push(message) };
  let aarav: Session;
  let parent: Session;
  let neha: Session;

  const aaravPhone = '9000000001';
  const parentPhone = '9000000002';
  let learnerLogin = '';

  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const { db } = database;
    const school = await createInstitute(db, { host: 'localhost', name: 'Greenfield Public School' });
    const coaching = await createInstitute(db, {
      host: 'apex.localhost',
      name: 'Apex Coaching Institute',
      isSchool: false,
    });
    const owner = await createStudent(db, school, { user: { name: 'Aarav Sharma', phone: aaravPhone } });
    const sister = await createStudent(db, school, { user: { name: 'Diya Sharma' } });
    await createParent(db, school, [owner.studentId, sister.studentId], { name: 'Rajesh Sharma', phone: parentPhone });
    learnerLogin = (await createUser(db, school, { userType: 99, email: 'learner@greenfield.test', phone: null }))
      .login;
    const coachingStudent = await createStudent(db, coaching, { user: { name: 'Neha Reddy', phone: '9100000001' } });
    const texts = async (
      institute: Awaited<ReturnType<typeof createInstitute>>,
      phone: string,
      rows: [number, string, string][],
    ) => {
      for (const [minutesAgo, purpose, body] of rows)
        await createMessage(db, institute, phone, { minutesAgo, purpose, body });
    };
    await texts(school, aaravPhone, [
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
    ]);
    // Expired long ago: the inbox shows the text with the password masked.
    await createMessage(db, school, aaravPhone, {
      minutesAgo: 3 * days,
      purpose: 'forgot_password',
      body: temporaryPasswordText('Greenfield Public School', maskedSecret),
      secret: 'Q7M2KX9P',
      secretUserId: owner.userId,
      secretExpiresAt: new Date(fixedNow.getTime() - (3 * days - 15) * 60_000),
    });
    await texts(school, parentPhone, [
      [5 * hours, 'fee_reminder', 'Greenfield Public School: fees for Aarav and Diya are due on the 10th.'],
      [
        1 * days + 3 * hours,
        'notice',
        'Greenfield Public School: Parent-teacher meeting on Saturday, 10:00 AM to 1:00 PM.',
      ],
      [6 * days, 'notice', 'Greenfield Public School: the school bus timings change from Monday.'],
    ]);
    await texts(coaching, '9100000001', [
      [3 * hours, 'notice', 'Apex Coaching Institute: the JEE mock test starts at 9:00 AM on Sunday.'],
      [2 * days + 2 * hours, 'fee_reminder', 'Apex Coaching Institute: your course fee installment is due this week.'],
    ]);
    app = await createTestApp({
      database,
      now: () => clock,
      sms,
      rateLimits: { loginPerMinute: 1000, forgotPasswordPerMinute: 1000 },
    });
    aarav = await signIn(app, { user_name: aaravPhone, password: factoryPassword });
    const roles = (await postLogin(app, { user_name: parentPhone, password: factoryPassword })).json().result;
    parent = await signIn(app, {
      user_name: parentPhone,
      password: factoryPassword,
      user_type: 2,
      user_id: roles[0].user_id,
    });
    neha = await signIn(
      app,
      { user_name: coachingStudent.login, password: factoryPassword },
      { host: 'apex.localhost' },
    );
  });
  afterAll(() => app.close());

  const inbox = (session: Session, phone: string, query = '', host = 'localhost', instituteId = session.institute_id) =>
    getAs(
      app,
      session.student_auth,
      `/api/v1/alerts/config/messagesByPhoneNo/${instituteId}/${encodeURIComponent(phone)}${query}`,
      host,
    );
  const messagesOf = async (session: Session, phone: string, query = '', host = 'localhost') => {
    const response = await inbox(session, phone, query, host);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Message[];
  };

  it('gives a student the messages to their own phone, newest first, as a bare list', async () => {
    const messages = await messagesOf(aarav, '+919000000001', '?start_index=0&batch_size=1000');
    expect(messages).toHaveLength(5);
    expect(Object.keys(messages[0]!)).toEqual(['message', 'createdDateTime']);
    expect(messages[0]!.message).toBe(
      'Greenfield Public School: school remains closed tomorrow due to heavy rain. Stay safe.',
    );
    expect(messages[0]!.createdDateTime).toBe(new Date(fixedNow.getTime() - 2 * 3600_000).toISOString());
    const times = messages.map((message) => Date.parse(message.createdDateTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Nobody else's messages: not the parent's, not Apex's.
    expect(messages.some((message) => /Parent-teacher|Apex/.test(message.message))).toBe(false);
  });

  it('masks an expired temporary password even though the row still holds it', async () => {
    const messages = await messagesOf(aarav, '+919000000001');
    const temporary = messages.filter((message) => message.message.includes('temporary password'));
    expect(temporary).toHaveLength(1);
    expect(temporary[0]!.message.startsWith(`${maskedSecret} is your temporary password`)).toBe(true);
    expect(JSON.stringify(messages)).not.toContain('Q7M2KX9P');
  });

  it('pages with start_index and batch_size, and reads the hyphenated form as the same number', async () => {
    const all = await messagesOf(aarav, '+919000000001');
    expect(await messagesOf(aarav, '+919000000001', '?start_index=1&batch_size=2')).toEqual(all.slice(1, 3));
    expect(await messagesOf(aarav, '+919000000001', '?start_index=4&batch_size=10')).toEqual(all.slice(4));
    expect(await messagesOf(aarav, '+919000000001', '?start_index=50')).toEqual([]);
    expect(await messagesOf(aarav, '+91-9000000001')).toEqual(all);
  });

  it('refuses bad paging values', async () => {
    for (const query of ['?start_index=-1', '?batch_size=0', '?batch_size=1001', '?start_index=x']) {
      const response = await inbox(aarav, '+919000000001', query);
      expect(response.statusCode, query).toBe(400);
    }
    expect((await inbox(aarav, '9000000001')).statusCode).toBe(400);
  });

  it('gives a parent the parent’s phone’s messages, not the child’s', async () => {
    const messages = await messagesOf(parent, '+919000000002');
    expect(messages.map((message) => message.message)).toEqual([
      'Greenfield Public School: fees for Aarav and Diya are due on the 10th.',
      'Greenfield Public School: Parent-teacher meeting on Saturday, 10:00 AM to 1:00 PM.',
      'Greenfield Public School: the school bus timings change from Monday.',
    ]);
    const child = await inbox(parent, '+919000000001');
    expect(child.statusCode).toBe(403);
    expect(child.body).not.toContain('heavy rain');
  });

  it('refuses another user’s phone and another institute, without data', async () => {
    const denials = [
      await inbox(aarav, '+919000000002'),
      await inbox(aarav, '+919100000001'),
      await inbox(aarav, '+449000000001'),
      await inbox(aarav, '+919000000001', '', 'localhost', neha.institute_id),
      await inbox(neha, '+919000000001', '', 'apex.localhost', aarav.institute_id),
      await inbox(neha, '+919100000001', '', 'localhost'),
    ];
    for (const response of denials) {
      expect([401, 403, 404]).toContain(response.statusCode);
      expect(response.body).not.toMatch(/heavy rain|Parent-teacher|JEE/);
    }
    expect((await messagesOf(neha, '+919100000001', '', 'apex.localhost')).length).toBe(2);
  });

  it('answers 404 to an account without a phone', async () => {
    const learner = await signIn(app, { user_name: learnerLogin, password: factoryPassword });
    const response = await inbox(learner, '+919000000099');
    expect(response.statusCode).toBe(404);
  });

  it('shows a temporary password only while it can sign in: not once replaced, used or expired', async () => {
    const forgot = async () => {
      const before = sent.length;
      const response = await app.inject({
        method: 'POST',
        url: '/api/v2/user/forgotPassword',
        payload: { source: 'WEB', user_name: aaravPhone },
      });
      expect(response.json().result).toBeNull();
      // The message leaves by the sms-send job: once the queue has drained, the sender has it.
      await waitForJobs(app.jobs);
      expect(sent.length).toBe(before + 1);
      return sent.at(-1)!.body.split(' ')[0]!;
    };
    const newest = async () => (await messagesOf(aarav, '+919000000001'))[0]!.message;
    const second = async () => (await messagesOf(aarav, '+919000000001'))[1]!.message;

    clock = new Date(fixedNow.getTime() + 60_000);
    const first = await forgot();
    expect(await newest()).toBe(sent.at(-1)!.body);
    expect(await newest()).toContain(first);

    clock = new Date(fixedNow.getTime() + 2 * 60_000);
    const replacing = await forgot();
    expect(await newest()).toContain(replacing);
    expect(await second()).not.toContain(first);
    expect(await second()).toContain(maskedSecret);

    await signIn(app, { user_name: aaravPhone, password: replacing });
    // That sign-in ended the earlier session on this device; the old password still signs in.
    aarav = await signIn(app, { user_name: aaravPhone, password: factoryPassword });
    expect(await newest()).not.toContain(replacing);
    expect(await newest()).toContain(maskedSecret);

    clock = new Date(fixedNow.getTime() + 3 * 60_000);
    const last = await forgot();
    expect(await newest()).toContain(last);
    clock = new Date(fixedNow.getTime() + 19 * 60_000);
    expect(await newest()).not.toContain(last);
    expect(await newest()).toBe(sent.at(-1)!.body.replace(last, maskedSecret));
    clock = fixedNow;
  });
});
