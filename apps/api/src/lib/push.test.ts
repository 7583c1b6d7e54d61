import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedDatabase } from '../../test/helpers.ts';
import type { Database } from '../db/client.ts';
import { defaultVapidSubject, vapidKeysOf } from './push.ts';

describe('vapidKeysOf', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createMigratedDatabase();
  });
  afterAll(() => database?.close());

  it('without configuration makes a pair once and keeps it for every process of the database', async () => {
    const first = await vapidKeysOf({}, database.db);
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.subject).toBe(defaultVapidSubject);
    expect(await vapidKeysOf({ VAPID_SUBJECT: 'https://school.example/contact' }, database.db)).toEqual({
      ...first,
      subject: 'https://school.example/contact',
    });
  });

  it('takes the configured pair over the kept one', async () => {
    const configured = { VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`, VAPID_PRIVATE_KEY: 'b'.repeat(43) };
    expect(await vapidKeysOf(configured, database.db)).toEqual({
      publicKey: configured.VAPID_PUBLIC_KEY,
      privateKey: configured.VAPID_PRIVATE_KEY,
      subject: defaultVapidSubject,
    });
  });
});
