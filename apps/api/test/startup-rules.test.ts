import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DemoOnPostgresError, openConfiguredDatabase } from '../src/db/open.ts';
import { createTestApp, createTestStorage, fixedNow, onPostgres } from './helpers.ts';

describe('DOCS', () => {
  it('serves /docs by default and not at all with DOCS=false', async () => {
    const withDocs = await createTestApp();
    const withoutDocs = await createTestApp({
      config: { LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', DOCS: 'false' },
    });
    try {
      expect((await withDocs.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
      expect((await withoutDocs.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(404);
      expect((await withoutDocs.inject({ method: 'GET', url: '/docs' })).statusCode).toBe(404);
    } finally {
      await withDocs.close();
      await withoutDocs.close();
    }
  });
});

describe('seeding the demo', () => {
  const dropped: string[] = [];
  afterAll(async () => {
    if (dropped.length === 0) return;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    for (const name of dropped) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  // An empty embedded database is seeded by default: server-process.test.ts's first start (the whole demo seeded in
  // a server process on PGlite, which this file did a second time).

  it.runIf(onPostgres)(
    'does not seed PostgreSQL by default, and refuses to start on one holding the demo unless SEED_DEMO=true',
    async () => {
      const base = new URL(process.env.TEST_DATABASE_URL!);
      const name = `portal_seed_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: base.toString() });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      dropped.push(name);
      base.pathname = `/${name}`;
      const config = { DATA_DIR: '/nonexistent', DATABASE_URL: base.toString() };
      const storage = createTestStorage();

      const plain = await openConfiguredDatabase({ ...config, SEED_DEMO: 'auto' }, () => fixedNow, storage);
      await plain.close();
      expect(plain.seeded).toBe(false);

      const asked = await openConfiguredDatabase({ ...config, SEED_DEMO: 'true' }, () => fixedNow, storage);
      await asked.close();
      expect(asked.seeded).toBe(true);

      await expect(openConfiguredDatabase({ ...config, SEED_DEMO: 'auto' }, () => fixedNow, storage)).rejects.toThrow(
        DemoOnPostgresError,
      );
      const allowed = await openConfiguredDatabase({ ...config, SEED_DEMO: 'true' }, () => fixedNow, storage);
      await allowed.close();
      expect(allowed.seeded).toBe(false);
    },
  );
});
