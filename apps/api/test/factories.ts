// Rows a test builds for itself (STYLE.md §14, after outline's server/test/factories.ts): each factory inserts
// one thing with sensible defaults, takes overrides, and answers the ids a test needs. Tests that use them do not
// depend on the demo's names, which stay free to change.
import { academicYearOf, addDays, dateInZone } from '@campus/domain/calendar/calendar';
import type { Db } from '../src/db/client.ts';
import type { Storage } from '../src/lib/storage.ts';
import {
  academicYears,
  announcementAudiences,
  announcements,
  banners,
  batches,
  enrolments,
  events,
  instituteHosts,
  institutes,
  productItemTypes,
  productPurchases,
  products,
  standards,
  studentParents,
  students,
  users,
} from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { fixedNow } from './template.ts';

/** The password every factory-built login has unless a test gives another. */
export const factoryPassword = 'test-pass-1';

let sequence = 0;
/** A number unique within this test file, for names, phones and hosts that must not collide. */
const next = () => (sequence += 1);

const passwordHashes = new Map<string, Promise<string>>();
/** argon2 is slow on purpose: hash each password once per file. */
const hashOnce = (password: string) => {
  if (!passwordHashes.has(password)) passwordHashes.set(password, hashPassword(password));
  return passwordHashes.get(password)!;
};

/**
 * An institute reached at `host` (a unique `*.test` host unless given), with the current and previous academic
 * years at `now`, one standard and one batch in each year.
 */
export async function createInstitute(
  db: Db,
  { host, now = fixedNow, ...overrides }: Partial<typeof institutes.$inferInsert> & { host?: string; now?: Date } = {},
) {
  const n = next();
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
  const [previousYear, currentYear] = await db
    .insert(academicYears)
    .values([academicYearOf(today, -1), academicYearOf(today, 0)].map((year) => ({ instituteId, ...year })))
    .returning({ id: academicYears.id });
  const [standard] = await db
    .insert(standards)
    .values({ instituteId, name: 'Class 6' })
    .returning({ id: standards.id });
  const [currentBatch, previousBatch] = await db
    .insert(batches)
    .values([
      { instituteId, standardId: standard!.id, academicYearId: currentYear!.id, name: 'A' },
      { instituteId, standardId: standard!.id, academicYearId: previousYear!.id, name: 'A' },
    ])
    .returning({ id: batches.id });
  return {
    id: instituteId,
    host: instituteHost,
    standardId: standard!.id,
    today,
    currentYear: { id: currentYear!.id, batchId: currentBatch!.id },
    previousYear: { id: previousYear!.id, batchId: previousBatch!.id },
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
  }: Partial<Omit<typeof users.$inferInsert, 'instituteId' | 'passwordHash'>> & { password?: string } = {},
) {
  const n = next();
  const phone = overrides.phone === undefined ? String(7_000_000_000 + n) : overrides.phone;
  const [user] = await db
    .insert(users)
    .values({
      instituteId: institute.id,
      userType: 1,
      name: `Test User ${n}`,
      joinDate: addDays(institute.today, -200),
      ...overrides,
      phone,
      passwordHash: await hashOnce(password),
    })
    .returning({ id: users.id });
  return { userId: user!.id, login: phone ?? overrides.email ?? '', password };
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
    student?: Partial<Omit<typeof students.$inferInsert, 'instituteId' | 'userId'>>;
    years?: ('current' | 'previous')[];
  } = {},
) {
  const account = await createUser(db, institute, { ...user, userType: 1 });
  const [row] = await db
    .insert(students)
    .values({ instituteId: institute.id, userId: account.userId, displayId: `T${account.userId}`, ...student })
    .returning({ id: students.id });
  const studentId = row!.id;
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
  await db.insert(enrolments).values({
    instituteId: institute.id,
    studentId,
    academicYearId: academicYear.id,
    batchId: batchId ?? academicYear.batchId,
    rollNo,
  });
}

/** A parent login (user_type 2) who may view `studentIds`. */
export async function createParent(
  db: Db,
  institute: TestInstitute,
  studentIds: number[],
  user: Parameters<typeof createUser>[2] = {},
) {
  const account = await createUser(db, institute, { ...user, userType: 2 });
  if (studentIds.length > 0) {
    await db
      .insert(studentParents)
      .values(studentIds.map((studentId) => ({ instituteId: institute.id, parentUserId: account.userId, studentId })));
  }
  return account;
}

/** A product on sale (free unless `pricePaise`), with its item types in order. */
export async function createProduct(
  db: Db,
  institute: TestInstitute,
  {
    itemTypes = [],
    ...overrides
  }: Partial<Omit<typeof products.$inferInsert, 'instituteId'>> & { itemTypes?: string[] } = {},
) {
  const [row] = await db
    .insert(products)
    .values({ instituteId: institute.id, title: `Test Course ${next()}`, ...overrides })
    .returning({ id: products.id });
  const productId = row!.id;
  if (itemTypes.length > 0) {
    await db.insert(productItemTypes).values(
      itemTypes.map((itemType, sortOrder) => ({
        instituteId: institute.id,
        productId,
        itemType,
        description: `${itemType} of the course`,
        sortOrder,
      })),
    );
  }
  return productId;
}

/** A user's purchase of a product, enrolled `enrolledDaysAgo` days before the institute's today, for `days` days. */
export async function purchase(
  db: Db,
  institute: TestInstitute,
  userId: number,
  productId: number,
  { enrolledDaysAgo = 30, days = 365 }: { enrolledDaysAgo?: number; days?: number } = {},
) {
  const enrolledOn = addDays(institute.today, -enrolledDaysAgo);
  await db.insert(productPurchases).values({
    instituteId: institute.id,
    userId,
    productId,
    publicOrderId: `ORD-${next()}`,
    enrolledOn,
    expiresOn: addDays(enrolledOn, days),
  });
}

/**
 * A notice, addressed to `batchIds` (none: everyone). `image` and `attachment` are stored in `storage` as files of
 * the given extension, so their signed addresses serve real bytes.
 */
export async function createAnnouncement(
  db: Db,
  institute: TestInstitute,
  {
    batchIds = [],
    announcedAt = fixedNow,
    storage,
    image,
    attachment,
    ...overrides
  }: Partial<Omit<typeof announcements.$inferInsert, 'instituteId'>> & {
    batchIds?: number[];
    storage?: Storage;
    image?: { bytes: string; extension: string };
    attachment?: { bytes: string; extension: string; name: string };
  } = {},
) {
  const stored = async (file?: { bytes: string; extension: string }) =>
    file && storage ? (await storage.putBuffer(file.bytes, file.extension)).key : null;
  const [row] = await db
    .insert(announcements)
    .values({
      instituteId: institute.id,
      title: `Notice ${next()}`,
      descriptionHtml: '<p>Notice</p>',
      updatedBy: 'Office',
      announcedAt,
      updatedAt: announcedAt,
      imageFileKey: await stored(image),
      attachmentFileKey: await stored(attachment),
      attachmentName: attachment?.name ?? null,
      ...overrides,
    })
    .returning({ id: announcements.id });
  const announcementId = row!.id;
  if (batchIds.length > 0) {
    await db
      .insert(announcementAudiences)
      .values(batchIds.map((batchId) => ({ instituteId: institute.id, announcementId, batchId })));
  }
  return announcementId;
}

/** A home banner (or the promo pop-up), shown to every user type unless `userTypes` says otherwise. */
export async function createBanner(
  db: Db,
  institute: TestInstitute,
  overrides: Partial<Omit<typeof banners.$inferInsert, 'instituteId'>> = {},
) {
  const n = next();
  await db
    .insert(banners)
    .values({ instituteId: institute.id, kind: 'banner', webUrl: `/banners/${n}.svg`, sortOrder: n, ...overrides });
}

/** An event or holiday of the institute: a one-day all-day holiday (type 1) on the institute's today unless told. */
export async function createEvent(
  db: Db,
  institute: TestInstitute,
  overrides: Partial<Omit<typeof events.$inferInsert, 'instituteId'>> = {},
) {
  const [row] = await db
    .insert(events)
    .values({
      instituteId: institute.id,
      eventType: 1,
      title: `Test Event ${next()}`,
      startDate: institute.today,
      endDate: overrides.startDate ?? institute.today,
      ...overrides,
    })
    .returning({ id: events.id });
  return row!.id;
}
