import type { Session } from '@campus/domain/auth/auth.contract';
import { alertChannels, alertKinds } from '@campus/domain/alerts/index';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertSettings, pushSubscriptions } from '../../db/schema/alerts.ts';
import { getAs, signIn } from '../../../test/auth-helpers.ts';
import { createAlert } from '../../../test/factories/alerts.ts';
import { createInstitute, createParent, createStudent } from '../../../test/factories/institutes.ts';
import { createTestApp } from '../../../test/helpers.ts';

/** An account's alert settings and push subscriptions (issue 31): each account's own, validated, stored as changes. */
describe('alert settings', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let school: Awaited<ReturnType<typeof createInstitute>>;
  let student: Session;
  let parent: Session;
  let parentUserId: number;
  const host = 'settings.test';

  beforeAll(async () => {
    app = await createTestApp();
    school = await createInstitute(app.db, { host });
    const aarav = await createStudent(app.db, school);
    const mother = await createParent(app.db, school, [aarav.studentId]);
    parentUserId = mother.userId;
    student = await signIn(app, { user_name: aarav.login, password: aarav.password }, { host });
    parent = await signIn(
      app,
      {
        user_name: mother.login,
        password: mother.password,
        user_type: 2,
        user_id: aarav.userId,
        institute_id: school.id,
      },
      { host },
    );
  });
  afterAll(() => app?.close());

  const send = (session: Session, method: 'PUT' | 'POST', url: string, payload: unknown) =>
    app.inject({ method, url, headers: { authorization: session.student_auth, host }, payload: payload as object });
  const settingsOf = async (session: Session) =>
    (await getAs(app, session.student_auth, '/api/v1/alerts/settings', host)).json();
  const table = (change: (kind: string, channel: string) => boolean | undefined = () => undefined) =>
    alertKinds.map((kind) => ({
      kind,
      channels: Object.fromEntries(alertChannels.map((channel) => [channel, change(kind, channel) ?? false])),
      urgent: kind === 'absence',
    }));

  it('an account that never chose has the defaults: SMS for absence and overdue fees, live classes off for a parent', async () => {
    const settings = await settingsOf(parent);
    const on = (kind: string) =>
      Object.entries(settings.kinds.find((row: { kind: string }) => row.kind === kind).channels)
        .filter(([, value]) => value)
        .map(([channel]) => channel)
        .join(' ');
    expect(on('absence')).toBe('app sms push');
    expect(on('notice')).toBe('app push');
    expect(on('live-soon')).toBe('');
    expect(settings).toMatchObject({ quiet_start: '21:00', quiet_end: '07:00', digest: { sms: null, email: null } });
    expect(settings.has_email).toBe(false);
    expect(settings.push_key).toMatch(/^B[\w-]{80,}$/);
    // The student hears of a live class by default.
    expect(
      (await settingsOf(student)).kinds.find((row: { kind: string }) => row.kind === 'live-soon').channels.app,
    ).toBe(true);
  });

  it('a parent saves their own settings; the row keeps only what differs from the defaults', async () => {
    const saved = await send(parent, 'PUT', '/api/v1/alerts/settings', {
      kinds: table((kind, channel) => (kind === 'live-soon' && channel === 'push') || channel === 'app'),
      quiet_start: '22:30',
      quiet_end: '06:15',
      digest: { sms: null, email: '19:00', push: null },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const settings = await settingsOf(parent);
    expect(settings).toMatchObject({ quiet_start: '22:30', quiet_end: '06:15', digest: { email: '19:00', sms: null } });
    expect(settings.kinds.find((row: { kind: string }) => row.kind === 'live-soon')).toMatchObject({
      channels: { app: true, push: true, sms: false, email: false },
      urgent: false,
    });
    expect(settings.kinds.find((row: { kind: string }) => row.kind === 'absence').urgent).toBe(true);
    const [row] = await app.db
      .select()
      .from(alertSettings)
      .where(and(eq(alertSettings.instituteId, school.id), eq(alertSettings.userId, parentUserId)));
    expect(row!.channels['live-soon']).toEqual({ app: true, push: true });
    expect(row!.channels.notice).toEqual({ push: false });
    expect(row!.urgent).toEqual(['absence']);
    // The student's own settings did not move.
    expect((await settingsOf(student)).quiet_start).toBe('21:00');
  });

  it('refuses a table without every kind once, and a time that is not HH:MM', async () => {
    const twice = table();
    twice[1] = { ...twice[0]! };
    for (const body of [
      {
        kinds: table().slice(1),
        quiet_start: '21:00',
        quiet_end: '07:00',
        digest: { sms: null, email: null, push: null },
      },
      { kinds: twice, quiet_start: '21:00', quiet_end: '07:00', digest: { sms: null, email: null, push: null } },
      { kinds: table(), quiet_start: '25:00', quiet_end: '07:00', digest: { sms: null, email: null, push: null } },
      { kinds: table(), quiet_start: '21:00', quiet_end: '07:00', digest: { sms: null, email: '7pm', push: null } },
    ]) {
      const response = await send(student, 'PUT', '/api/v1/alerts/settings', body);
      expect(response.statusCode, response.body).toBe(400);
    }
    expect((await settingsOf(student)).quiet_start).toBe('21:00');
  });

  it('subscribes a browser only at a push service, and a browser moves to the account that subscribes it last', async () => {
    const keys = { p256dh: 'BPublicKey', auth: 'secret' };
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc';
    for (const bad of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://169.254.169.254/latest',
      'https://evil.test/x',
    ]) {
      const response = await send(student, 'POST', '/api/v1/alerts/push', { endpoint: bad, keys });
      expect(response.statusCode, bad).toBe(400);
    }
    expect((await send(student, 'POST', '/api/v1/alerts/push', { endpoint, keys })).statusCode).toBe(200);
    expect((await send(parent, 'POST', '/api/v1/alerts/push', { endpoint, keys })).statusCode).toBe(200);
    const owners = async () =>
      (
        await app.db
          .select({ userId: pushSubscriptions.userId })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.instituteId, school.id))
      ).map((row) => row.userId);
    expect(await owners()).toEqual([parentUserId]);
    // The student cannot end the parent's subscription; the parent can.
    await send(student, 'POST', '/api/v1/alerts/push/unsubscribe', { endpoint });
    expect(await owners()).toEqual([parentUserId]);
    await send(parent, 'POST', '/api/v1/alerts/push/unsubscribe', { endpoint });
    expect(await owners()).toEqual([]);
  });

  it('the bell leaves out a kind the account keeps out of the app, in the list and the count', async () => {
    const quietStudent = await createStudent(app.db, school);
    const session = await signIn(app, { user_name: quietStudent.login, password: quietStudent.password }, { host });
    await createAlert(app.db, school, { userId: quietStudent.userId, studentId: quietStudent.studentId });
    await createAlert(app.db, school, {
      userId: quietStudent.userId,
      studentId: quietStudent.studentId,
      kind: 'notice',
      data: { child: 'X', id: 1, title: 'Sports day' },
    });
    const bell = async () => (await getAs(app, session.student_auth, '/api/v1/alerts/bell', host)).json();
    expect((await bell()).unread).toBe(2);
    const saved = await send(session, 'PUT', '/api/v1/alerts/settings', {
      kinds: table((kind, channel) => !(kind === 'notice' && channel === 'app') && channel === 'app'),
      quiet_start: '21:00',
      quiet_end: '07:00',
      digest: { sms: null, email: null, push: null },
    });
    expect(saved.statusCode).toBe(200);
    const after = await bell();
    expect(after.unread).toBe(1);
    expect(after.alerts.map((row: { kind: string }) => row.kind)).toEqual(['absence']);
  });
});
