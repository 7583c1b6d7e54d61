// Students and parents: each is a login (users) of the institute, a student also a profile (students). A first
// password is set only when the login is created, so a nightly sync never undoes a password the user changed.
import type { AdminRow } from '@campus/domain/admin/admin.contract';
import type { RowProblem } from '@campus/domain/admin/admin-rules';
import { dateInZone } from '@campus/domain/calendar/calendar';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { studentParents, students, users } from '../../../db/schema/index.ts';
import { AppError } from '../../../errors.ts';
import { hashPassword, newTemporaryPassword } from '../../../lib/passwords.ts';
import { findExternalIds, insertExternalIds, insertRows, setExternalIdsDeleted, anyOf } from '../admin.repository.ts';
import {
  byExternalId,
  chunks,
  defineKind,
  RowProblems,
  sameColumns,
  sameValue,
  type IndexedRow,
  type KindContext,
  type Prepared,
  type RowOutcome,
} from './kind.ts';

/**
 * The stored hash of a login that signs in only through single sign-on: not an argon2 string, so no password ever
 * matches it (verifyPassword counts a malformed hash as no match).
 */
export const ssoOnlyHash = '!sso-only';

type LoginRow = AdminRow<'students'> | AdminRow<'parents'>;

/** Hashes first passwords (given, or generated) of the rows whose login does not exist yet; before the transaction. */
async function prepareLogins(db: Db, instituteId: number, kind: 'students' | 'parents', rows: IndexedRow<LoginRow>[]) {
  const existing = await findExternalIds(
    db,
    instituteId,
    kind,
    rows.map((row) => row.key),
  );
  const prepared: Prepared = new Map();
  const fresh = rows.filter((row) => !existing.has(row.key));
  // Four at a time: argon2 runs on libuv's four threads.
  for (const part of chunks(fresh, 4)) {
    await Promise.all(
      part.map(async ({ key, row }) => {
        if (row.sso_only) return prepared.set(key, { hash: ssoOnlyHash });
        const password = row.password ?? newTemporaryPassword();
        prepared.set(key, { hash: await hashPassword(password), generated: row.password ? undefined : password });
      }),
    );
  }
  return prepared;
}

const loginColumns = (row: LoginRow) => ({
  name: row.name,
  phone: row.phone ?? null,
  email: row.email ?? null,
  isBlocked: row.is_blocked ?? false,
});

/** The prepared first password of a login to create; a refusal when the batch raced another that created it. */
function preparedPassword(prepared: Prepared, item: IndexedRow<LoginRow>) {
  const entry = prepared.get(item.key) as { hash: string; generated?: string } | undefined;
  if (!entry)
    throw new AppError(409, 'CONFLICT', 'Another batch changed the same rows at the same time; send it again');
  return entry;
}

/** Logins stored for `userIds`: their columns, keyed by user id. */
async function loadUsers(context: KindContext, userIds: number[]) {
  const found = new Map<number, Record<string, unknown>>();
  for (const part of chunks(userIds, 5000)) {
    const rows = await context.tx
      .select({
        id: users.id,
        name: users.name,
        phone: users.phone,
        email: users.email,
        isBlocked: users.isBlocked,
        joinDate: users.joinDate,
        passwordHash: users.passwordHash,
      })
      .from(users)
      .where(and(eq(users.instituteId, context.instituteId), anyOf(users.id, part)));
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

async function updateUser(context: KindContext, userId: number, columns: Record<string, unknown>) {
  await context.tx
    .update(users)
    .set(columns)
    .where(and(eq(users.instituteId, context.instituteId), eq(users.id, userId)));
}

/** Blocks the logins of deleted students or parents: they can no longer sign in, and open sessions end. */
async function blockUsers(context: KindContext, userIds: number[]) {
  for (const part of chunks(userIds, 5000)) {
    await context.tx
      .update(users)
      .set({ isBlocked: true })
      .where(and(eq(users.instituteId, context.instituteId), anyOf(users.id, part)));
  }
}

const joinDateOf = (row: LoginRow) => ('join_date' in row ? row.join_date : undefined);

/** What sets students and parents apart in an upsert: the user type of their logins and the person's own rows. */
interface LoginBearer<Row extends LoginRow> {
  kind: 'students' | 'parents';
  /** users.user_type of the logins this kind creates. */
  userType: number;
  /**
   * The login user id of each mapped person (by internal id) whose own rows exist; a person missing here, or whose
   * login is gone, is created anew.
   */
  findUserIds(internalIds: number[]): Promise<Map<number, number>>;
  /** Brings a kept person's own rows to `item` (after its login); true when they already were. */
  syncOwn(item: IndexedRow<Row>, internalId: number): Promise<boolean>;
  /** Creates the own rows of people whose logins were just created (`userIds`, in order); their internal ids. */
  createOwn(items: IndexedRow<Row>[], userIds: number[]): Promise<number[]>;
}

/**
 * The upsert of people who sign in: a mapped person gets its login and own rows updated (restored when deleted, as
 * the login is unblocked); a new one gets a login with its prepared first password, its own rows and a mapping.
 */
async function upsertLoginBearers<Row extends LoginRow>(
  context: KindContext,
  rows: IndexedRow<Row>[],
  prepared: Prepared,
  person: LoginBearer<Row>,
) {
  const mappings = await findExternalIds(
    context.tx,
    context.instituteId,
    person.kind,
    rows.map((row) => row.key),
  );
  const userIds = await person.findUserIds([...mappings.values()].map((mapping) => mapping.internalId));
  const logins = await loadUsers(context, [...userIds.values()]);
  const outcomes: RowOutcome[] = [];
  const creates: IndexedRow<Row>[] = [];
  const restored: string[] = [];
  for (const item of rows) {
    const mapping = mappings.get(item.key);
    const userId = mapping && userIds.get(mapping.internalId);
    const login = userId === undefined ? undefined : logins.get(userId);
    if (!mapping || userId === undefined || !login) {
      creates.push(item);
      continue;
    }
    const wanted: Record<string, unknown> = loginColumns(item.row);
    const joinDate = joinDateOf(item.row);
    if (joinDate) wanted.joinDate = joinDate;
    if (item.row.sso_only && login.passwordHash !== ssoOnlyHash) wanted.passwordHash = ssoOnlyHash;
    const userSame = sameColumns(wanted, login);
    if (!userSame || mapping.deletedAt) await updateUser(context, userId, wanted);
    const ownSame = await person.syncOwn(item, mapping.internalId);
    if (mapping.deletedAt) restored.push(item.key);
    const action = mapping.deletedAt ? 'restored' : userSame && ownSame ? 'unchanged' : 'updated';
    outcomes.push({
      index: item.index,
      key: item.key,
      action,
      beforeId: mapping.internalId,
      afterId: mapping.internalId,
    });
  }
  await setExternalIdsDeleted(context.tx, context.instituteId, person.kind, restored, null);
  const today = dateInZone(context.now, context.timeZone);
  for (const part of chunks(creates)) {
    const created = await insertRows(
      context.tx,
      users,
      part.map((item) => ({
        instituteId: context.instituteId,
        userType: person.userType,
        ...loginColumns(item.row),
        passwordHash: preparedPassword(prepared, item).hash,
        joinDate: joinDateOf(item.row) ?? today,
      })),
      { returningId: true },
    );
    const internalIds = await person.createOwn(part, created);
    await insertExternalIds(
      context.tx,
      context.instituteId,
      person.kind,
      part.map((item, position) => ({ externalId: item.key, internalId: internalIds[position]! })),
    );
    recordPasswords(context, prepared, part, created);
    for (const [position, item] of part.entries()) {
      const id = internalIds[position]!;
      outcomes.push({ index: item.index, key: item.key, action: 'created', beforeId: null, afterId: id });
    }
  }
  return outcomes;
}

const studentProfileOf = (row: AdminRow<'students'>) => ({
  displayId: row.admission_no ?? row.external_id,
  gender: row.gender ?? '',
  dob: row.dob ?? null,
  bloodGroup: row.blood_group ?? '',
  address: row.address ?? '',
  parentName: row.parent_name ?? '',
  parentPhone: row.parent_phone ?? '',
  parentEmail: row.parent_email ?? '',
});

export const studentsKind = defineKind({
  kind: 'students',
  deletes: 'soft',
  keyOf: byExternalId,
  prepare: (db, instituteId, rows) => prepareLogins(db, instituteId, 'students', rows),
  async upsert(context, rows, prepared) {
    const profiles = new Map<number, Record<string, unknown>>();
    return upsertLoginBearers(context, rows, prepared, {
      kind: 'students',
      userType: 1,
      async findUserIds(studentIds) {
        for (const part of chunks(studentIds, 5000)) {
          const found = await context.tx
            .select()
            .from(students)
            .where(and(eq(students.instituteId, context.instituteId), anyOf(students.id, part)));
          for (const row of found) profiles.set(row.id, row);
        }
        return new Map([...profiles].map(([id, profile]) => [id, profile.userId as number]));
      },
      async syncOwn(item, studentId) {
        const wanted = studentProfileOf(item.row);
        if (sameColumns(wanted, profiles.get(studentId)!)) return true;
        await context.tx
          .update(students)
          .set(wanted)
          .where(and(eq(students.instituteId, context.instituteId), eq(students.id, studentId)));
        return false;
      },
      createOwn: (items, userIds) =>
        insertRows(
          context.tx,
          students,
          items.map((item, position) => ({
            instituteId: context.instituteId,
            userId: userIds[position]!,
            ...studentProfileOf(item.row),
          })),
          { returningId: true },
        ),
    });
  },
  async remove(context, keys) {
    return softRemoveLogins(context, 'students', keys, async (ids) => {
      const rows: { userId: number }[] = [];
      for (const part of chunks(ids, 5000)) {
        rows.push(
          ...(await context.tx
            .select({ userId: students.userId })
            .from(students)
            .where(and(eq(students.instituteId, context.instituteId), anyOf(students.id, part)))),
        );
      }
      return rows.map((row) => row.userId);
    });
  },
});

/** Hands the generated first passwords of just-created logins to the batch's answer (shown once). */
function recordPasswords(context: KindContext, prepared: Prepared, items: IndexedRow<LoginRow>[], userIds: number[]) {
  for (const [position, item] of items.entries()) {
    const { generated } = preparedPassword(prepared, item);
    if (!generated) continue;
    context.passwords.push({
      key: item.key,
      login: item.row.phone ?? item.row.email ?? '',
      password: generated,
      phone: item.row.phone ?? null,
      userId: userIds[position]!,
    });
  }
}

async function softRemoveLogins(
  context: KindContext,
  kind: 'students' | 'parents',
  keys: IndexedRow<Record<string, string>>[],
  userIdsOf: (ids: number[]) => Promise<number[]>,
) {
  const mappings = await findExternalIds(
    context.tx,
    context.instituteId,
    kind,
    keys.map((key) => key.key),
  );
  const live = keys.filter((key) => mappings.get(key.key) && !mappings.get(key.key)!.deletedAt);
  const ids = live.map((key) => mappings.get(key.key)!.internalId);
  await blockUsers(context, await userIdsOf(ids));
  await setExternalIdsDeleted(
    context.tx,
    context.instituteId,
    kind,
    live.map((key) => key.key),
    context.now,
  );
  return keys.map((key): RowOutcome => {
    const id = live.includes(key) ? mappings.get(key.key)!.internalId : null;
    return { index: key.index, key: key.key, action: id === null ? 'missing' : 'deleted', beforeId: id, afterId: id };
  });
}

export const parentsKind = defineKind({
  kind: 'parents',
  deletes: 'soft',
  keyOf: byExternalId,
  prepare: (db, instituteId, rows) => prepareLogins(db, instituteId, 'parents', rows),
  async upsert(context, rows, prepared) {
    const problems: RowProblem[] = [];
    const wantedStudents = rows.flatMap(({ row }) => row.student_external_ids);
    const studentMappings = await findExternalIds(context.tx, context.instituteId, 'students', wantedStudents);
    for (const { index, row } of rows) {
      for (const externalId of row.student_external_ids) {
        const mapping = studentMappings.get(externalId);
        if (!mapping || mapping.deletedAt) {
          problems.push({
            row: index,
            field: 'student_external_ids',
            rule: `no students row has the external id ${JSON.stringify(externalId)}`,
          });
        }
      }
    }
    if (problems.length > 0) throw new RowProblems(problems);
    const childrenOf = (row: AdminRow<'parents'>) =>
      [...new Set(row.student_external_ids.map((id) => studentMappings.get(id)!.internalId))].sort((a, b) => a - b);

    const links = new Map<number, number[]>();
    return upsertLoginBearers(context, rows, prepared, {
      kind: 'parents',
      userType: 2,
      // A parent is its login: the mapping names the user, and the links to the children are its own rows.
      async findUserIds(userIds) {
        for (const id of userIds) links.set(id, []);
        for (const part of chunks(userIds, 5000)) {
          const found = await context.tx
            .select({ parentUserId: studentParents.parentUserId, studentId: studentParents.studentId })
            .from(studentParents)
            .where(and(eq(studentParents.instituteId, context.instituteId), anyOf(studentParents.parentUserId, part)));
          for (const link of found) links.get(link.parentUserId)?.push(link.studentId);
        }
        for (const list of links.values()) list.sort((a, b) => a - b);
        return new Map(userIds.map((id) => [id, id]));
      },
      async syncOwn(item, userId) {
        const children = childrenOf(item.row);
        if (sameValue(children, links.get(userId))) return true;
        await context.tx
          .delete(studentParents)
          .where(and(eq(studentParents.instituteId, context.instituteId), eq(studentParents.parentUserId, userId)));
        if (children.length > 0) {
          await context.tx
            .insert(studentParents)
            .values(
              children.map((studentId) => ({ instituteId: context.instituteId, parentUserId: userId, studentId })),
            );
        }
        return false;
      },
      async createOwn(items, userIds) {
        const allLinks = items.flatMap((item, position) =>
          childrenOf(item.row).map((studentId) => ({
            instituteId: context.instituteId,
            parentUserId: userIds[position]!,
            studentId,
          })),
        );
        await insertRows(context.tx, studentParents, allLinks);
        return userIds;
      },
    });
  },
  async remove(context, keys) {
    return softRemoveLogins(context, 'parents', keys, async (ids) => ids);
  },
});
