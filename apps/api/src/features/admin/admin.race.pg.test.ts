import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminKey } from '../../../test/admin-kit.ts';
import { createInstitute } from '../../../test/factories/institutes.ts';
import { createMigratedDatabase, createTestApp } from '../../../test/helpers.ts';
import { adminAudit, adminExternalIds } from '../../db/schema/admin.ts';
import { teachers } from '../../db/schema/timetable.ts';
import { students, users } from '../../db/schema/users.ts';
import { findBilledInstallments, findInstallments } from '../fees/index.ts';

interface Answer {
  status: number;
  body: { message?: string; rows?: { row: number; key: string; action: string }[] };
}

// Two nightly syncs (two keys) sending the same new rows at the same moment, as real parallel requests against a
// listening server on PostgreSQL: each external id ends up one entity, nobody gets a 500, and the audit tells what
// each batch applied.
describe('admin API batches racing on the same new external ids', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let base: string;
  let instituteId: number;
  const keys: string[] = [];
  // fetch sends the address it calls as the Host: the institute answers at it.
  const host = '127.0.0.1';

  beforeAll(async () => {
    const database = await createMigratedDatabase();
    instituteId = (await createInstitute(database.db, { host })).id;
    for (const name of ['office sync', 'fees sync'])
      keys.push((await createAdminKey(database.db, instituteId, name)).key);
    app = await createTestApp({ database });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app.close());

  const send = async (kind: string, key: string, rows: unknown[]): Promise<Answer> => {
    const response = await fetch(`${base}/api/admin/v1/${kind}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({ rows }),
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  };

  /**
   * Sends the two batches at once; the second lists the rows in the opposite order, so the two transactions also
   * take the rows' locks in opposite orders (a deadlock, unless one waits for the other).
   */
  const race = async (kind: string, ids: string[], row: (id: string, writer: number) => Record<string, unknown>) => {
    const answers = await Promise.all([
      send(
        kind,
        keys[0]!,
        ids.map((id) => row(id, 0)),
      ),
      send(
        kind,
        keys[1]!,
        [...ids].reverse().map((id) => row(id, 1)),
      ),
    ]);
    for (const answer of answers) {
      // A loser refused (rather than applied as an update) must say which row; never a 500.
      if (answer.status !== 200) expect(answer.body.message).toMatch(/^row \d+, /);
      expect(answer.status).toBeLessThan(500);
    }
    return answers;
  };

  /** What each writer's answer says it did with each id. */
  const actionsOf = (answers: Answer[]) =>
    answers.map((answer) => new Map((answer.body.rows ?? []).map((row) => [row.key, row.action])));

  const mapped = async (kind: string, ids: string[]) =>
    new Map(
      (
        await app.db
          .select({ externalId: adminExternalIds.externalId, internalId: adminExternalIds.internalId })
          .from(adminExternalIds)
          .where(
            and(
              eq(adminExternalIds.instituteId, instituteId),
              eq(adminExternalIds.kind, kind),
              inArray(adminExternalIds.externalId, ids),
            ),
          )
      ).map((row) => [row.externalId, row.internalId]),
    );

  /** The audit rows of these ids match the answers: one create per id, one update per row answered updated. */
  const expectAuditMatches = async (kind: string, ids: string[], answers: Answer[], internal: Map<string, number>) => {
    const audit = await app.db
      .select()
      .from(adminAudit)
      .where(
        and(eq(adminAudit.instituteId, instituteId), eq(adminAudit.kind, kind), inArray(adminAudit.externalId, ids)),
      );
    const actions = actionsOf(answers);
    for (const id of ids) {
      const rows = audit.filter((row) => row.externalId === id);
      const created = actions.filter((answer) => answer.get(id) === 'created').length;
      const updated = actions.filter((answer) => answer.get(id) === 'updated').length;
      expect({ id, created }).toEqual({ id, created: 1 });
      expect(rows.filter((row) => row.action === 'create').map((row) => [row.beforeId, row.afterId])).toEqual([
        [null, internal.get(id)],
      ]);
      expect(rows.filter((row) => row.action === 'update').map((row) => [row.beforeId, row.afterId])).toEqual(
        Array(updated).fill([internal.get(id), internal.get(id)]),
      );
      expect(rows).toHaveLength(created + updated);
    }
  };

  it('creates each student once; the other batch applies as an update of it', async () => {
    for (let round = 0; round < 4; round += 1) {
      const ids = Array.from({ length: 150 }, (_, index) => `R${round}-S${index}`);
      const answers = await race('students', ids, (id, writer) => ({
        external_id: id,
        name: `${id} from sync ${writer}`,
        phone: `9${String(round * 1000 + Number(id.split('-S')[1])).padStart(9, '0')}`,
        sso_only: 'yes',
      }));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const internal = await mapped('students', ids);
      expect(internal.size).toBe(ids.length);
      // One profile and one login per id: the loser's first try left nothing behind.
      const profiles = await app.db
        .select({ id: students.id, displayId: students.displayId, name: users.name })
        .from(students)
        .innerJoin(users, and(eq(users.instituteId, students.instituteId), eq(users.id, students.userId)))
        .where(and(eq(students.instituteId, instituteId), inArray(students.displayId, ids)));
      expect(profiles.map((profile) => profile.displayId).sort()).toEqual([...ids].sort());
      const actions = actionsOf(answers);
      for (const profile of profiles) {
        expect(profile.id).toBe(internal.get(profile.displayId));
        // The name is the one of the batch that applied last: the one that answered 'updated'.
        const last = actions.findIndex((answer) => answer.get(profile.displayId) === 'updated');
        expect(profile.name).toBe(`${profile.displayId} from sync ${last}`);
      }
      await expectAuditMatches('students', ids, answers, internal);
    }
    const [logins] = await app.db
      .select({ total: count() })
      .from(users)
      .where(and(eq(users.instituteId, instituteId), eq(users.userType, 1)));
    expect(logins!.total).toBe(4 * 150);
  });

  it('deletes a fee structure or bills a student it, never half of each, when both arrive at once', async () => {
    expect(
      (
        await send('academic-years', keys[0]!, [
          { external_id: 'FY', name: '2026-27', start_date: '2026-04-01', end_date: '2027-03-31' },
        ])
      ).status,
    ).toBe(200);
    expect(
      (
        await send('students', keys[0]!, [
          { external_id: 'FS-student', name: 'Billed', phone: '9800000001', sso_only: 'yes' },
        ])
      ).status,
    ).toBe(200);
    for (let round = 0; round < 20; round += 1) {
      const structure = `FS-${round}`;
      const created = await send('fee-structures', keys[0]!, [
        {
          external_id: structure,
          academic_year_external_id: 'FY',
          name: `Tuition ${round}`,
          installment_due_dates: ['2026-05-01', '2026-08-01'],
          installment_amounts: ['1000', '2000'],
        },
      ]);
      expect(created.status).toBe(200);
      const [removed, billed] = await Promise.all([
        send('fee-structures/delete', keys[0]!, [{ external_id: structure }]),
        send('student-fees', keys[1]!, [{ student_external_id: 'FS-student', fee_structure_external_id: structure }]),
      ]);
      // One of the two applies; the other is refused for its own row (billed: cannot be deleted; deleted: unknown),
      // not with the database's refusal of the whole batch.
      expect([removed.status, billed.status].sort()).toEqual([200, 422]);
      for (const answer of [removed, billed])
        if (answer.status === 422) expect(answer.body.message).toMatch(/^row \d+, /);
      const internal = await mapped('fee-structures', [structure]);
      expect(internal.has(structure)).toBe(removed.status !== 200);
      // A bill that answered 200 billed both installments (not none, as when it read a structure being deleted).
      const id = internal.get(structure);
      const items = id === undefined ? [] : (await findInstallments(app.db, instituteId, [id])).get(id)!;
      const billedRows = await findBilledInstallments(
        app.db,
        instituteId,
        items.map((item) => item.id),
      );
      expect(billedRows.size).toBe(billed.status === 200 ? 2 : 0);
    }
  });

  it('creates each teacher once (a kind with no other unique key than its external id)', async () => {
    for (let round = 0; round < 4; round += 1) {
      const ids = Array.from({ length: 150 }, (_, index) => `R${round}-T${index}`);
      const answers = await race('teachers', ids, (id, writer) => ({ external_id: id, name: `${id} (${writer})` }));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const internal = await mapped('teachers', ids);
      const stored = await app.db
        .select({ id: teachers.id })
        .from(teachers)
        .where(and(eq(teachers.instituteId, instituteId), inArray(teachers.id, [...internal.values()])));
      expect(internal.size).toBe(ids.length);
      expect(stored).toHaveLength(ids.length);
      await expectAuditMatches('teachers', ids, answers, internal);
    }
    const [all] = await app.db.select({ total: count() }).from(teachers).where(eq(teachers.instituteId, instituteId));
    expect(all!.total).toBe(4 * 150);
  });
});
