// Rows every test starts from (STYLE.md §14, after outline's server/test/factories.ts): institutes, people, their
// year, batch and subjects. Each factory inserts one thing with sensible defaults, takes overrides, and answers the
// ids a test needs; an area's own rows have their factories beside this file (test/factories/<area>.ts), so a
// new area adds a file and touches no shared list. Tests that use them do not depend on the demo's names.
import { academicYearOf, addDays, dateInZone } from '@campus/domain/calendar/calendar';
import type { Db } from '../../src/db/client.ts';
import { instituteHosts, institutes } from '../../src/db/schema/institutes.ts';
import * as academicsWriter from '../../src/access/academics.writer.ts';
import * as peopleWriter from '../../src/access/people.writer.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { fixedNow } from '../template.ts';

/** The password every factory-built login has unless a test gives another. */
export const factoryPassword = 'test-pass-1';

let sequence = 0;

/** A number unique within this test file, for names, phones and hosts that must not collide. */
export const nextNumber = () => (sequence += 1);

/**
 * Starts the numbering again for a new test file (test/each-file.ts): files share this module within a worker
 * (vitest.config.ts), and a file's names and their order must not depend on the files that ran before it.
 */
export const restartNumbering = () => {
  sequence = 0;
};

const passwordHashes = new Map<string, Promise<string>>();

/** argon2 is slow on purpose: hash each password once per file. */
const hashOnce = (password: string) => {
  if (!passwordHashes.has(password)) passwordHashes.set(password, hashPassword(password));
  return passwordHashes.get(password)!;
};

/** Settings that switch every area of the portal on (online and offline classes and exams, both material modes). */
export const everyAreaOn = {
  classesMode: 'HYBRID_BLENDED',
  examMode: 'HYBRID_BLENDED',
  materialMode: 'BOTH',
  isStoreEnabled: true,
  isMarketingAndBanner: true,
  isFeeStructLinked: true,
  isFeeReceiptEnabled: true,
  isElearnEnabled: true,
  isOnlineAssignmentEnabled: true,
  isProfileUpdateAllowed: true,
  isVimeoDownloadable: true,
} as const;

/**
 * An institute reached at `host` (a unique `*.test` host unless given), with the current and previous academic
 * years at `now`, one standard and one batch in each year.
 */
export async function createInstitute(
  db: Db,
  { host, now = fixedNow, ...overrides }: Partial<typeof institutes.$inferInsert> & { host?: string; now?: Date } = {},
) {
  const n = nextNumber();
  const [institute] = await db
    .insert(institutes)
    .values({
      name: `Test Institute ${n}`,
      isSchool: true,
      classesMode: 'OFFLINE',
      examMode: 'OFFLINE',
      materialMode: 'NONE',
      ...overrides,
    })
    .returning({ id: institutes.id });
  const instituteId = institute!.id;
  const instituteHost = host ?? `institute-${n}.test`;
  await db.insert(instituteHosts).values({ host: instituteHost, instituteId });
  const today = dateInZone(now, overrides.timeZone ?? 'Asia/Kolkata');
  const [previousYear, currentYear] = await academicsWriter.academicYearRows.create(db, instituteId, [
    academicYearOf(today, -1),
    academicYearOf(today, 0),
  ]);
  const [standardId] = await academicsWriter.standardRows.create(db, instituteId, [{ name: 'Class 6' }]);
  const [currentBatch, previousBatch] = await academicsWriter.batchRows.create(db, instituteId, [
    { standardId: standardId!, academicYearId: currentYear!, name: 'A' },
    { standardId: standardId!, academicYearId: previousYear!, name: 'A' },
  ]);
  return {
    id: instituteId,
    host: instituteHost,
    standardId: standardId!,
    today,
    currentYear: { id: currentYear!, batchId: currentBatch! },
    previousYear: { id: previousYear!, batchId: previousBatch! },
  };
}

export type TestInstitute = Awaited<ReturnType<typeof createInstitute>>;

/** A login of any type (1 student, 2 parent, 99 course buyer) with a unique phone and `factoryPassword`. */
export async function createUser(
  db: Db,
  institute: TestInstitute,
  {
    password = factoryPassword,
    ...overrides
  }: Partial<Omit<peopleWriter.LoginValues, 'passwordHash'>> & { password?: string } = {},
) {
  const n = nextNumber();
  const phone = overrides.phone === undefined ? String(7_000_000_000 + n) : overrides.phone;
  const [userId] = await peopleWriter.createLogins(db, institute.id, [
    {
      userType: 1,
      name: `Test User ${n}`,
      joinDate: addDays(institute.today, -200),
      ...overrides,
      phone,
      passwordHash: await hashOnce(password),
    },
  ]);
  return { userId: userId!, login: phone ?? overrides.email ?? '', password };
}

/**
 * A student with a login, enrolled in the institute's batch of `years` (the current year by default); `user`
 * overrides the login's row (name, phone, isBlocked…), `student` the profile's.
 */
export async function createStudent(
  db: Db,
  institute: TestInstitute,
  {
    user = {},
    student = {},
    years = ['current'],
  }: {
    user?: Parameters<typeof createUser>[2];
    student?: Partial<Omit<peopleWriter.StudentValues, 'userId'>>;
    years?: ('current' | 'previous')[];
  } = {},
) {
  const account = await createUser(db, institute, { ...user, userType: 1 });
  const [created] = await peopleWriter.createStudents(db, institute.id, [
    { userId: account.userId, displayId: `T${account.userId}`, ...student },
  ]);
  const studentId = created!;
  for (const year of years) await enrol(db, institute, studentId, { year });
  return { ...account, studentId };
}

/** Puts a student in a batch of one year: the institute's own batch unless `batchId` says otherwise. */
export async function enrol(
  db: Db,
  institute: TestInstitute,
  studentId: number,
  { year = 'current', batchId, rollNo = 1 }: { year?: 'current' | 'previous'; batchId?: number; rollNo?: number } = {},
) {
  const academicYear = year === 'current' ? institute.currentYear : institute.previousYear;
  await academicsWriter.enrolStudents(db, institute.id, [
    { studentId, batchId: batchId ?? academicYear.batchId, rollNo },
  ]);
}

/** A parent login (user_type 2) who may view `studentIds`. */
export async function createParent(
  db: Db,
  institute: TestInstitute,
  studentIds: number[],
  user: Parameters<typeof createUser>[2] = {},
) {
  const account = await createUser(db, institute, { ...user, userType: 2 });
  await peopleWriter.linkChildren(
    db,
    institute.id,
    studentIds.map((studentId) => ({ parentUserId: account.userId, studentId })),
  );
  return account;
}

/** A subject of the institute's standard. */
export async function createSubject(db: Db, institute: TestInstitute, name = `Subject ${nextNumber()}`) {
  const [id] = await academicsWriter.subjectRows.create(db, institute.id, [{ standardId: institute.standardId, name }]);
  return id!;
}
