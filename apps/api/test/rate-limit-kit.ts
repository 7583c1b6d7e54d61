import { randomInt } from 'node:crypto';
import { buildApp, type App, type AppOptions } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { createInstitute } from './factories/institutes.ts';
import { createTestStorage, fixedNow } from './helpers.ts';

/**
 * Two listening app instances, as two API processes behind a load balancer, each on its own `Database` (its own
 * pool on PostgreSQL), both trusting the loopback proxy so that a test picks its client address by X-Forwarded-For.
 */
export async function startTwoProcesses(
  databases: [Database, Database],
  config: Partial<AppOptions['config']> = {},
): Promise<{ bases: string[]; close(): Promise<void> }> {
  // The institute answering at the listening servers' host; the attempts name nobody, so each is a plain 401.
  await createInstitute(databases[0].db, { host: '127.0.0.1' });
  const storage = createTestStorage();
  const apps: App[] = [];
  const bases: string[] = [];
  for (const database of databases) {
    const app = await buildApp({
      storage,
      config: { LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', TRUST_PROXY: ['127.0.0.1'], ...config },
      // The databases are closed by the test, not by each app.
      database: { ...database, close: async () => undefined },
      now: () => fixedNow,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push(app);
    bases.push(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
  }
  return {
    bases,
    close: async () => {
      for (const app of apps) await app.close();
    },
  };
}

/** A client address of its own for each run (198.18.0.0/15, for tests), so counts left in a shared Redis do not count. */
export const freshAddress = () => `198.${18 + randomInt(2)}.${randomInt(256)}.${randomInt(1, 255)}`;

export interface Attempt {
  status: number;
  body: { code?: string; message?: string };
  headers: Headers;
  base: string;
}

/** `count` login attempts from `address`, alternating between the servers at `bases`, all in flight at once. */
export async function fireLogins(bases: string[], address: string, count: number): Promise<Attempt[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const base = bases[index % bases.length]!;
      const response = await fetch(`${base}/api/v2/user/v3/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ user_name: `nobody-${index}`, password: 'wrong', device_id: 'limits', source: 'WEB' }),
      });
      return {
        status: response.status,
        body: (await response.json()) as Attempt['body'],
        headers: response.headers,
        base,
      };
    }),
  );
}

/** The limit's own refusal (not the lock-out's, which also answers 429). */
export const isLimitRefusal = (attempt: Attempt) =>
  attempt.status === 429 && /^Rate limit exceeded, retry in /.test(attempt.body.message ?? '');
