// PostgreSQL only: the demo seed runs the worker's delivery inside its own transaction, where every statement goes
// over one connection. Sent side by side there, node-postgres queues a statement behind the one running (pg@9 will
// refuse it), and two nested transactions at once each open drizzle's `savepoint sp1`, so a rollback of one would
// undo the other's notes. In a transaction the rows go one after another; the test watches the connection.
import { defaultAlertSettings } from '@campus/domain/alerts/index';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAlert } from '../../../test/factories/alerts.ts';
import { createInstitute, createParent, createStudent } from '../../../test/factories/institutes.ts';
import { createMigratedDatabase, fixedNow } from '../../../test/helpers.ts';
import { createBrowserSubscription } from '../../../test/push-endpoint.ts';
import type { Database } from '../../db/client.ts';
import { alertDeliveries } from '../../db/schema/alert-deliveries.ts';
import { smsOutbox } from '../../db/schema/auth.ts';
import type { JobContext } from '../../lib/job-queue.ts';
import { deliverDueAlerts, planAlerts } from './delivery.jobs.ts';
import { saveSubscription } from './push.repository.ts';
import { saveAlertSettings } from './settings.repository.ts';

describe('alerts delivered inside a transaction (the demo seed’s)', () => {
  let database: Database;
  let instituteId = 0;
  const families = 6;
  const pushService = 'https://push.example';

  beforeAll(async () => {
    database = await createMigratedDatabase();
    const db = database.db;
    const school = await createInstitute(db);
    instituteId = school.id;
    for (let index = 0; index < families; index += 1) {
      const child = await createStudent(db, school);
      const parent = await createParent(db, school, [child.studentId], { email: `parent${index}@home.example` });
      const settings = { ...defaultAlertSettings, channels: { absence: { email: true } } };
      await saveAlertSettings(db, school.id, parent.userId, settings, fixedNow);
      const browser = createBrowserSubscription(`${pushService}/${parent.userId}`);
      await saveSubscription(db, school.id, parent.userId, browser, fixedNow);
      await createAlert(db, school, { userId: parent.userId, studentId: child.studentId, createdAt: fixedNow });
    }
  });
  afterAll(() => database?.close());

  it('sends one statement at a time on its connection, and notes every row once', async () => {
    const sent = { sms: 0, mail: 0, push: 0 };
    const context = (db: JobContext['db']): JobContext => ({
      db,
      now: () => fixedNow,
      log: { info() {}, warn() {}, error() {} },
      jobs: { enqueue: async () => true },
      sms: { send: async () => void (sent.sms += 1) },
      mail: { send: async () => void (sent.mail += 1) },
      push: {
        send: async () => {
          sent.push += 1;
          return 'sent' as const;
        },
      },
      pushServices: [pushService],
    });

    // Statements each connection has sent and not yet seen answered, at most.
    const running = new Map<pg.Client, number>();
    let most = 0;
    const query = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const result = (query as (...a: unknown[]) => unknown).apply(this, args);
      if (!(result instanceof Promise)) return result as never;
      running.set(this, (running.get(this) ?? 0) + 1);
      most = Math.max(most, running.get(this)!);
      return result.finally(() => running.set(this, running.get(this)! - 1)) as never;
    });
    try {
      await database.db.transaction(async (tx) => {
        await planAlerts(context(tx));
        await deliverDueAlerts(context(tx));
      });
    } finally {
      spy.mockRestore();
    }

    expect(most).toBe(1);
    // SMS, email and push for each family, every one noted sent.
    const rows = await database.db.select().from(alertDeliveries).where(eq(alertDeliveries.instituteId, instituteId));
    expect(rows).toHaveLength(3 * families);
    expect(rows.filter((row) => row.sentAt?.getTime() === fixedNow.getTime())).toHaveLength(3 * families);
    expect(sent).toEqual({ sms: 0, mail: families, push: families });
    const texts = await database.db.select().from(smsOutbox).where(eq(smsOutbox.instituteId, instituteId));
    expect(texts).toHaveLength(families);
  });
});
