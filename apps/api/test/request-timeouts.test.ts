import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { instituteHosts } from '../src/db/schema/institutes.ts';
import { uploadBusyMessage } from '../src/features/assignments/submission.service.ts';
import type { Session } from '@campus/domain/auth/auth.contract';
import { signIn } from './auth-helpers.ts';
import { createAssignment } from './factories/assignments.ts';
import { createInstitute, createStudent, createSubject } from './factories/institutes.ts';
import { createMigratedDatabase, createTestApp } from './helpers.ts';

/**
 * Sends `head`, then the body one byte every 50 ms; answers how many body bytes were sent before the server
 * closed the connection (the whole body when it never did).
 */
function trickle(port: number, head: string, body: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let sent = 0;
    const finish = () => {
      clearInterval(timer);
      socket.destroy();
      resolve(sent);
    };
    socket.on('close', finish);
    socket.on('error', finish);
    socket.on('data', () => undefined);
    socket.write(head);
    const timer = setInterval(() => {
      if (sent >= body.length) return finish();
      socket.write(body[sent]!);
      sent += 1;
    }, 50);
  });
}

/** A valid fileJson part for a draft of the session's first pending assignment: uploads send it before their files. */
async function fileJsonPart(app: Awaited<ReturnType<typeof createTestApp>>, session: Session, boundary: string) {
  const list = await app.inject({
    method: 'POST',
    url: '/api/v2/onlineAssignment/student/getAssignmentsDetail',
    headers: { authorization: session.student_auth },
    payload: { category_id: 255, institute_id: session.institute_id, student_id: session.student_id },
  });
  const pending = (
    list.json().result.upcoming_online_assignment_list as { file_id: number; student_status: string }[]
  ).find((item) => item.student_status === 'Pending')!;
  const fileJson = {
    institute_id: session.institute_id,
    category_id: 255,
    studentId_array: [session.student_id],
    file_id: pending.file_id,
    student_status: 'Draft',
    student_comment: '',
    attachmentId_array: [],
    url_lists: [],
  };
  return `--${boundary}\r\nContent-Disposition: form-data; name="fileJson"\r\n\r\n${JSON.stringify(fileJson)}\r\n`;
}

// Built from factories: a school at localhost and 127.0.0.1 whose student has a pending assignment to upload to.
describe('request timeouts on a listening server', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let port: number;
  let student: { login: string; password: string };
  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const { db } = database;
    const school = await createInstitute(db, { host: 'localhost', isOnlineAssignmentEnabled: true });
    await db.insert(instituteHosts).values({ host: '127.0.0.1', instituteId: school.id });
    student = await createStudent(db, school);
    await createAssignment(db, school, await createSubject(db, school));
    app = await createTestApp({
      database,
      timeouts: { bodyMs: 300, uploadWindowMs: 300, uploadMinBytesPerSecond: 1000 },
      rateLimits: { loginPerMinute: 1000 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(() => app.close());

  it('cuts a request whose body trickles in', async () => {
    const body = JSON.stringify({ user_name: student.login, password: 'x'.repeat(40) });
    const head =
      'POST /api/v2/user/v3/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${body.length}\r\n\r\n`;
    expect(await trickle(port, head, body)).toBeLessThan(body.length);
  });

  it('cuts an upload that arrives below the minimum data rate', async () => {
    const session = await signIn(app, { user_name: student.login, password: student.password });
    const boundary = 'slowboundary';
    const body = `${await fileJsonPart(app, session, boundary)}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${'a'.repeat(80)}\r\n--${boundary}--\r\n`;
    const head =
      'POST /api/v2/onlineAssignment/student/updateAssignment HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
      `Authorization: ${session.student_auth}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${body.length}\r\n\r\n`;
    expect(await trickle(port, head, body)).toBeLessThan(body.length);
  });

  it('lets one account stream at most 2 uploads at once', async () => {
    const session = await signIn(app, { user_name: student.login, password: student.password });
    const boundary = 'heldboundary';
    const head =
      'POST /api/v2/onlineAssignment/student/updateAssignment HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
      `Authorization: ${session.student_auth}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
      'Content-Length: 100000\r\n\r\n' +
      (await fileJsonPart(app, session, boundary)) +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\n`;
    // Two uploads held open, sending steadily enough not to be cut.
    const held = [connect(port, '127.0.0.1'), connect(port, '127.0.0.1')];
    const feeder = setInterval(() => held.forEach((socket) => socket.write('a'.repeat(500))), 100);
    held.forEach((socket) => {
      socket.on('error', () => undefined);
      socket.write(head);
    });
    // The held uploads take their slots once the server has read their fileJson: ask until it has (a busy
    // machine may take a while), then the third is refused.
    const askThird = () =>
      fetch(`http://127.0.0.1:${port}/api/v2/onlineAssignment/student/updateAssignment`, {
        method: 'POST',
        headers: { authorization: session.student_auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: `--${boundary}--\r\n`,
      });
    let third = await askThird();
    await vi.waitFor(
      async () => {
        if (third.status !== 429) third = await askThird();
        expect(third.status).toBe(429);
      },
      { timeout: 20_000, interval: 100 },
    );
    clearInterval(feeder);
    held.forEach((socket) => socket.destroy());
    expect(((await third.json()) as { message: string }).message).toBe(uploadBusyMessage);
  });
});

describe('request timeouts on answered requests', () => {
  it('stop their clock once answered: a request never cut late, and inject (no real socket) never crashes', async () => {
    const app = await createTestApp({ timeouts: { bodyMs: 60_000 } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      // Before the fix the body timer outlived the answer and then called destroy() on inject's socket.
      expect(vi.getTimerCount()).toBe(0);
      expect(() => vi.runAllTimers()).not.toThrow();
    } finally {
      vi.useRealTimers();
      await app.close();
    }
  });
});
