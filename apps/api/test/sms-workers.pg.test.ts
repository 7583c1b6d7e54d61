// PostgreSQL only: two workers enqueue and sweep the same outbox texts at the same moment; each text reaches its
// phone once and ends marked sent.
import { maskedSecret } from '@campus/domain/messages/messages-rules';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { smsOutbox } from '../src/db/schema/auth.ts';
import { enqueueSms } from '../src/features/messages/index.ts';
import { smsSendJob, smsSweepJob } from '../src/features/messages/sms.jobs.ts';
import { createInstitute } from './factories/institutes.ts';
import { createMessage } from './factories/messages.ts';
import { createMigratedDatabase, fixedNow } from './helpers.ts';
import { waitForJobs } from './jobs.ts';
import { openWorkers } from './workers.ts';

describe('texts sent by two workers on one PostgreSQL database', () => {
  let database: Database;
  let workers: Awaited<ReturnType<typeof openWorkers>>;
  const sent: string[] = [];

  beforeAll(async () => {
    database = await createMigratedDatabase();
    workers = await openWorkers(database, {
      kinds: [smsSendJob, smsSweepJob],
      extra: () => ({
        now: () => fixedNow,
        // A gateway that takes a moment, so both workers are busy at once.
        sms: {
          send: async ({ phone }) => {
            await new Promise((resolve) => setTimeout(resolve, 20));
            sent.push(phone);
          },
        },
      }),
    });
  });
  afterAll(async () => {
    await workers?.stop();
    await database?.close();
  });

  it('sends each text once when both workers enqueue every one and both sweep', async () => {
    const school = await createInstitute(database.db);
    const phones = Array.from({ length: 30 }, (_, index) => String(9_600_000_000 + index));
    const ids = [];
    for (const phone of phones) {
      ids.push(
        await createMessage(database.db, school, phone, {
          purpose: 'first_password',
          body: `Your password: ${maskedSecret}`,
          secret: `pw${phone}`,
          sentAt: null,
        }),
      );
    }
    await Promise.all([
      ...ids.flatMap((id) => workers.workers.map((jobs) => enqueueSms(jobs, school.id, id))),
      ...workers.workers.map((jobs) => jobs.sendRecurring(smsSweepJob)),
    ]);
    await waitForJobs(workers.workers[0]!);
    expect(sent.sort()).toEqual(phones);
    const unsent = await database.db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.instituteId, school.id), isNull(smsOutbox.sentAt)));
    expect(unsent).toEqual([]);
  });
});
