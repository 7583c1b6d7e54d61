// People's writer (issue 29): the logins of an institute (users: students, parents, course buyers), a student's
// profile, and which children a parent may view — whom every request's session and student scope reads. For the
// admin API, the demo seed and the test factories, in the caller's transaction. Password hashes come hashed: the
// caller hashes first passwords (argon2id, lib/passwords.ts) before its transaction.
import { and, eq } from 'drizzle-orm';
import { anyOf, chunks, insertRows } from '../db/bulk.ts';
import type { Db } from '../db/client.ts';
import { instituteRows } from '../db/institute-rows.ts';
import { studentParents, students, users } from '../db/schema/users.ts';

/** A login as written (1 student, 2 parent, 99 course buyer), with its password already hashed. */
export type LoginValues = Omit<typeof users.$inferInsert, 'instituteId' | 'id' | 'createdAt'>;

/** The columns of a login the admin API compares and changes. */
export type StoredLogin = Pick<
  typeof users.$inferSelect,
  'id' | 'name' | 'phone' | 'email' | 'isBlocked' | 'joinDate' | 'passwordHash'
>;

/** A student's profile as written (its login first). */
export type StudentValues = Omit<typeof students.$inferInsert, 'instituteId' | 'id'>;

export type StoredStudent = typeof students.$inferSelect;

/** Logins by user id. */
export async function findLogins(
  db: Db,
  instituteId: number,
  userIds: readonly number[],
): Promise<Map<number, StoredLogin>> {
  const found = new Map<number, StoredLogin>();
  for (const part of chunks(userIds, 5000)) {
    const rows = await db
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
      .where(and(eq(users.instituteId, instituteId), anyOf(users.id, part)));
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

/** Creates logins (one statement); answers their user ids in the order given. */
export async function createLogins(db: Db, instituteId: number, values: readonly LoginValues[]): Promise<number[]> {
  // Every row with every column: one statement takes one array a column.
  return insertRows(
    db,
    users,
    values.map((login) => ({
      instituteId,
      userType: login.userType,
      name: login.name,
      phone: login.phone ?? null,
      email: login.email ?? null,
      passwordHash: login.passwordHash,
      photoUrl: login.photoUrl ?? '',
      isBlocked: login.isBlocked ?? false,
      isLoginAllowed: login.isLoginAllowed ?? 1,
      registeredDeviceId: login.registeredDeviceId ?? null,
      joinDate: login.joinDate,
    })),
    { returningId: true },
  );
}

/** Changes a login's given columns. */
export async function updateLogin(
  db: Db,
  instituteId: number,
  userId: number,
  values: Partial<LoginValues>,
): Promise<void> {
  await db
    .update(users)
    .set(values)
    .where(and(eq(users.instituteId, instituteId), eq(users.id, userId)));
}

/** Blocks logins: they can no longer sign in, and their open sessions end (the session check reads the flag). */
export async function blockLogins(db: Db, instituteId: number, userIds: readonly number[]): Promise<void> {
  for (const part of chunks(userIds, 5000)) {
    await db
      .update(users)
      .set({ isBlocked: true })
      .where(and(eq(users.instituteId, instituteId), anyOf(users.id, part)));
  }
}

const studentRows = instituteRows(students);

/** Student profiles by student id. */
export const findStudents: (
  db: Db,
  instituteId: number,
  ids: readonly number[],
) => Promise<Map<number, StoredStudent>> = studentRows.find;

/** Creates student profiles for logins; answers their student ids in the order given. */
export const createStudents: (db: Db, instituteId: number, values: readonly StudentValues[]) => Promise<number[]> =
  studentRows.create;

/** Changes a student profile's given columns. */
export const updateStudent = studentRows.update;

/** The children each parent login may view, in student id order (every parent asked has an entry). */
export async function findChildren(
  db: Db,
  instituteId: number,
  parentUserIds: readonly number[],
): Promise<Map<number, number[]>> {
  const children = new Map<number, number[]>(parentUserIds.map((id) => [id, []]));
  for (const part of chunks(parentUserIds, 5000)) {
    const rows = await db
      .select({ parentUserId: studentParents.parentUserId, studentId: studentParents.studentId })
      .from(studentParents)
      .where(and(eq(studentParents.instituteId, instituteId), anyOf(studentParents.parentUserId, part)));
    for (const row of rows) children.get(row.parentUserId)?.push(row.studentId);
  }
  for (const list of children.values()) list.sort((a, b) => a - b);
  return children;
}

/** Lets parents view children (one statement). */
export async function linkChildren(
  db: Db,
  instituteId: number,
  links: readonly { parentUserId: number; studentId: number }[],
): Promise<void> {
  await insertRows(
    db,
    studentParents,
    links.map(({ parentUserId, studentId }) => ({ instituteId, parentUserId, studentId })),
  );
}

/** Sets the children a parent may view to exactly `studentIds`. */
export async function setChildren(
  db: Db,
  instituteId: number,
  parentUserId: number,
  studentIds: readonly number[],
): Promise<void> {
  await db
    .delete(studentParents)
    .where(and(eq(studentParents.instituteId, instituteId), eq(studentParents.parentUserId, parentUserId)));
  await linkChildren(
    db,
    instituteId,
    studentIds.map((studentId) => ({ parentUserId, studentId })),
  );
}
