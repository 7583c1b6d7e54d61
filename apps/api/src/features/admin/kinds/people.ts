// Students and parents: each is a login (users) of the institute, a student also a profile (students), written by
// people's writer (access/people.writer.ts). A first password is set only when the login is created, so a nightly
// sync never undoes a password the user changed.
import type { AdminRow } from '@campus/domain/admin/admin.contract';
import type { RowProblem } from '@campus/domain/admin/admin-rules';
import { dateInZone } from '@campus/domain/calendar/calendar';
import {
  blockLogins,
  createLogins,
  createStudents,
  findChildren,
  findLogins,
  findStudents,
  linkChildren,
  setChildren,
  updateLogin,
  updateStudent,
} from '../../../access/people.writer.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../errors.ts';
import { hashPassword, newTemporaryPassword } from '../../../lib/passwords.ts';
import { findExternalIds, insertExternalIds, setExternalIdsDeleted } from '../admin.repository.ts';
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
  const logins = await findLogins(context.tx, context.instituteId, [...userIds.values()]);
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
    if (!userSame || mapping.deletedAt) await updateLogin(context.tx, context.instituteId, userId, wanted);
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
    const created = await createLogins(
      context.tx,
      context.instituteId,
      part.map((item) => ({
        userType: person.userType,
        ...loginColumns(item.row),
        passwordHash: preparedPassword(prepared, item).hash,
        joinDate: joinDateOf(item.row) ?? today,
      })),
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
        for (const [id, row] of await findStudents(context.tx, context.instituteId, studentIds)) profiles.set(id, row);
        return new Map([...profiles].map(([id, profile]) => [id, profile.userId as number]));
      },
      async syncOwn(item, studentId) {
        const wanted = studentProfileOf(item.row);
        if (sameColumns(wanted, profiles.get(studentId)!)) return true;
        await updateStudent(context.tx, context.instituteId, studentId, wanted);
        return false;
      },
      createOwn: (items, userIds) =>
        createStudents(
          context.tx,
          context.instituteId,
          items.map((item, position) => ({ userId: userIds[position]!, ...studentProfileOf(item.row) })),
        ),
    });
  },
  async remove(context, keys) {
    return softRemoveLogins(context, 'students', keys, async (ids) =>
      [...(await findStudents(context.tx, context.instituteId, ids)).values()].map((row) => row.userId),
    );
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
  await blockLogins(context.tx, context.instituteId, await userIdsOf(ids));
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
        for (const [id, children] of await findChildren(context.tx, context.instituteId, userIds)) {
          links.set(id, children);
        }
        return new Map(userIds.map((id) => [id, id]));
      },
      async syncOwn(item, userId) {
        const children = childrenOf(item.row);
        if (sameValue(children, links.get(userId))) return true;
        await setChildren(context.tx, context.instituteId, userId, children);
        return false;
      },
      async createOwn(items, userIds) {
        await linkChildren(
          context.tx,
          context.instituteId,
          items.flatMap((item, position) =>
            childrenOf(item.row).map((studentId) => ({ parentUserId: userIds[position]!, studentId })),
          ),
        );
        return userIds;
      },
    });
  },
  async remove(context, keys) {
    return softRemoveLogins(context, 'parents', keys, async (ids) => ids);
  },
});
