import { bindContract, endpoint } from '@campus/domain/shared/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signIn } from '../../test/auth-helpers.ts';
import { createInstitute, createStudent } from '../../test/factories/institutes.ts';
import { createMigratedDatabase, createTestApp } from '../../test/helpers.ts';
import type { App, AppOptions } from '../app.ts';
import { defineRoute } from './define-route.ts';

const schemas = {
  echo: {
    body: z.object({ institute_id: z.number(), student_id: z.number(), note: z.string() }),
    answer: z.object({ note: z.string() }),
  },
  leaky: { answer: z.object({ name: z.string() }) },
  broken: { answer: z.object({ name: z.string() }) },
};
const testEndpoints = {
  // Declares the institute only: reading student_id is what the guard must catch.
  echo: endpoint<(typeof schemas)['echo']>({
    id: 'test.echo',
    method: 'POST',
    path: '/api/v1/test/echo',
    service: 'main',
    access: 'session',
    ids: [{ in: 'body', name: 'institute_id', kind: 'institute' }],
  }),
  leaky: endpoint<(typeof schemas)['leaky']>({
    id: 'test.leaky',
    method: 'GET',
    path: '/api/v1/test/leaky',
    service: 'main',
    access: 'session',
    ids: [],
  }),
  broken: endpoint<(typeof schemas)['broken']>({
    id: 'test.broken',
    method: 'GET',
    path: '/api/v1/test/broken',
    service: 'main',
    access: 'session',
    ids: [],
  }),
};
const contract = bindContract(testEndpoints, schemas);

/** The app on its own database, built from factories: a school at localhost and one student, signed in. */
async function appWithStudent(overrides: Partial<AppOptions>) {
  const database = await createMigratedDatabase();
  const school = await createInstitute(database.db, { host: 'localhost' });
  const student = await createStudent(database.db, school);
  const app = await createTestApp({ database, ...overrides });
  const signInStudent = () => signIn(app, { user_name: student.login, password: student.password });
  return { app, signInStudent };
}

describe('defineRoute', () => {
  const apps: App[] = [];
  const signIns = new Map<App, () => ReturnType<typeof signIn>>();
  let handlerRuns = 0;
  const build = async (strict: boolean) => {
    const { app, signInStudent } = await appWithStudent({ strict });
    signIns.set(app, signInStudent);
    defineRoute(app, contract.echo, async ({ body }) => {
      handlerRuns += 1;
      return { note: body.note === 'read the student' ? String(body.student_id) : body.note };
    });
    // Answers a field the contract does not name, and lacks one it does.
    defineRoute(app, contract.leaky, async () => ({ name: 'Aarav', passwordHash: 'secret' }) as { name: string });
    apps.push(app);
    return app;
  };
  let strict: App;
  let relaxed: App;
  let credential: string;
  let instituteId: number;

  beforeAll(async () => {
    strict = await build(true);
    relaxed = await build(false);
    const session = await signIns.get(strict)!();
    credential = session.student_auth;
    instituteId = session.institute_id;
  });
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  const post = (app: App, body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { host: 'localhost', authorization: credential },
      payload: body,
    });

  it('runs the policy of every declared id before the handler: a refused id never reaches it', async () => {
    const before = handlerRuns;
    const response = await post(strict, { institute_id: instituteId + 1000, student_id: 1, note: 'hi' });
    expect(response.statusCode).toBe(403);
    expect(handlerRuns).toBe(before);
    expect((await post(strict, { institute_id: instituteId, student_id: 1, note: 'hi' })).json()).toEqual({
      note: 'hi',
    });
  });

  it('fails a handler that reads an id its descriptor does not declare (tests run strict)', async () => {
    const response = await post(strict, { institute_id: instituteId, student_id: 1, note: 'read the student' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('student_id');
  });

  it('sends only the fields the answer schema names', async () => {
    const answer = await relaxed.inject({
      method: 'GET',
      url: '/api/v1/test/leaky',
      headers: { host: 'localhost', authorization: (await signIns.get(relaxed)!()).student_auth },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ name: 'Aarav' });
    expect(answer.body).not.toContain('secret');
  });
});

describe('defineRoute answers in tests', () => {
  it('fails an answer whose fields do not match the contract', async () => {
    const { app, signInStudent } = await appWithStudent({ strict: true });
    defineRoute(app, contract.broken, async () => ({ name: 42 }) as unknown as { name: string });
    const session = await signInStudent();
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/test/broken',
      headers: { host: 'localhost', authorization: session.student_auth },
    });
    expect(response.statusCode).toBe(500);
    await app.close();
  });
});
