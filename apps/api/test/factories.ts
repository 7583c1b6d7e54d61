// Rows a test builds for itself (STYLE.md §14, after outline's server/test/factories.ts): each factory inserts
// one thing with sensible defaults, takes overrides, and answers the ids a test needs. Tests that use them do not
// depend on the demo's names, which stay free to change.
import { academicYearOf, addDays, dateInZone } from '@campus/domain/calendar/calendar';
import type { Db } from '../src/db/client.ts';
import type { Storage } from '../src/lib/storage.ts';
import type { events } from '../src/db/schema/events.ts';
import type { announcements, banners } from '../src/db/schema/home.ts';
import { examLabels, examProductTests } from '../src/db/schema/exam.ts';
import { instituteHosts, institutes } from '../src/db/schema/institutes.ts';
import { productItemTypes, productPurchases, products } from '../src/db/schema/products.ts';
import * as academicsWriter from '../src/access/academics.writer.ts';
import * as peopleWriter from '../src/access/people.writer.ts';
import * as assignmentsWriter from '../src/features/assignments/index.ts';
import * as documentsWriter from '../src/features/documents/index.ts';
import * as eventsWriter from '../src/features/events/index.ts';
import * as examWriter from '../src/features/exam/index.ts';
import * as feesWriter from '../src/features/fees/index.ts';
import * as homeWriter from '../src/features/home/index.ts';
import * as libraryWriter from '../src/features/library/index.ts';
import * as timetableWriter from '../src/features/timetable/index.ts';
import type { NewPayment } from '../src/features/fees/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { fixedNow } from './template.ts';

/** The password every factory-built login has unless a test gives another. */
export const factoryPassword = 'test-pass-1';

let sequence = 0;
/** A number unique within this test file, for names, phones and hosts that must not collide. */
const next = () => (sequence += 1);

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
  const n = next();
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
  const [announcementId] = await homeWriter.createAnnouncements(db, institute.id, [
    {
      title: `Notice ${next()}`,
      descriptionHtml: '<p>Notice</p>',
      updatedBy: 'Office',
      announcedAt,
      updatedAt: announcedAt,
      imageFileKey: await stored(image),
      attachmentFileKey: await stored(attachment),
      attachmentName: attachment?.name ?? null,
      ...overrides,
      batchIds,
    },
  ]);
  return announcementId!;
}

/** A home banner (or the promo pop-up), shown to every user type unless `userTypes` says otherwise. */
export async function createBanner(
  db: Db,
  institute: TestInstitute,
  overrides: Partial<Omit<typeof banners.$inferInsert, 'instituteId'>> = {},
) {
  const n = next();
  await homeWriter.createBanners(db, institute.id, [
    { kind: 'banner', webUrl: `/banners/${n}.svg`, sortOrder: n, ...overrides },
  ]);
}

/** An event or holiday of the institute: a one-day all-day holiday (type 1) on the institute's today unless told. */
export async function createEvent(
  db: Db,
  institute: TestInstitute,
  overrides: Partial<Omit<typeof events.$inferInsert, 'instituteId'>> = {},
) {
  const [eventId] = await eventsWriter.createEvents(db, institute.id, [
    { eventType: 1, title: `Test Event ${next()}`, startDate: institute.today, ...overrides },
  ]);
  return eventId!;
}

/**
 * A fee structure of one year linked to the institute's standard (or its batch), with the student's share of each
 * installment; answers the student-installment ids in installment order. Amounts in paise.
 */
export async function createFeePlan(
  db: Db,
  institute: TestInstitute,
  studentId: number,
  {
    installments,
    year = 'current',
    linkTo = 'standard',
    lateFineAmount = null,
  }: {
    installments: { due: string; amount: number; discount?: number; tax?: number; fine?: number; badDebt?: number }[];
    year?: 'current' | 'previous';
    linkTo?: 'standard' | 'batch' | 'none';
    lateFineAmount?: number | null;
  },
) {
  const academicYear = year === 'current' ? institute.currentYear : institute.previousYear;
  return feesWriter.createFeePlan(db, {
    instituteId: institute.id,
    academicYearId: academicYear.id,
    studentId,
    name: `Fees ${next()}`,
    standardId: linkTo === 'standard' ? institute.standardId : null,
    batchId: linkTo === 'batch' ? academicYear.batchId : null,
    lateFineAmount,
    installments,
  });
}

/** A payment with its receipt PDF, issued as the server issues every receipt (unique receipt number unless given). */
export function createFeePayment(
  db: Db,
  storage: Storage,
  institute: TestInstitute,
  payment: Omit<NewPayment, 'instituteId' | 'receiptNo' | 'academicYearId' | 'mode' | 'paidAt'> &
    Partial<Pick<NewPayment, 'receiptNo' | 'mode' | 'paidAt'>> & { year?: 'current' | 'previous' },
) {
  const { year = 'current', ...rest } = payment;
  return feesWriter.recordPayment(
    db,
    storage,
    {
      instituteId: institute.id,
      academicYearId: (year === 'current' ? institute.currentYear : institute.previousYear).id,
      receiptNo: `R-${next()}`,
      mode: 'Cash',
      paidAt: fixedNow,
      ...rest,
    },
    { origin: `http://${institute.host}` },
  );
}

/** A subject of the institute's standard. */
export async function createSubject(db: Db, institute: TestInstitute, name = `Subject ${next()}`) {
  const [id] = await academicsWriter.subjectRows.create(db, institute.id, [{ standardId: institute.standardId, name }]);
  return id!;
}

/** An assignment of the institute's current batch in `subjectId`, due a week after `fixedNow` unless told. */
export async function createAssignment(
  db: Db,
  institute: TestInstitute,
  subjectId: number,
  overrides: Partial<assignmentsWriter.AssignmentValues> = {},
) {
  const [id] = await assignmentsWriter.createAssignments(
    db,
    institute.id,
    [
      {
        batchId: institute.currentYear.batchId,
        subjectId,
        title: `Assignment ${next()}`,
        dueAt: new Date(fixedNow.getTime() + 7 * 86_400_000),
        ...overrides,
      },
    ],
    fixedNow,
  );
  return id!;
}

/** A teacher, with a photo in `storage` when given. */
export async function createTeacher(
  db: Db,
  institute: TestInstitute,
  { name = `Teacher ${next()}`, storage }: { name?: string; storage?: Storage } = {},
) {
  const photoFileKey = storage
    ? (await storage.putBuffer('<svg xmlns="http://www.w3.org/2000/svg"/>', 'svg')).key
    : null;
  const [id] = await timetableWriter.createTeachers(db, institute.id, [{ name, photoFileKey }]);
  return id!;
}

/** A class session of the institute's current batch (unless told): a 60-minute online class at `fixedNow`. */
export async function createClassSession(
  db: Db,
  institute: TestInstitute,
  overrides: Partial<timetableWriter.ClassSessionValues> = {},
) {
  const [id] = await timetableWriter.createClassSessions(db, institute.id, [
    {
      batchId: institute.currentYear.batchId,
      classType: 'Online Class',
      name: `Live class ${next()}`,
      startsAt: fixedNow,
      durationMinutes: 60,
      meetingWith: 'Zoom',
      sessionLink: `https://meet.example.com/${next()}`,
      ...overrides,
    },
  ]);
  return id!;
}

/** A recording of a session: an aws file of `bytes` in `storage`, or a provider's video id. */
export async function createRecording(
  db: Db,
  institute: TestInstitute,
  sessionId: number,
  options: { host: 'aws'; bytes: Buffer; storage: Storage } | { host: 'vimeo' | 'vdocipher'; videoId: string },
) {
  const source =
    options.host === 'aws'
      ? { fileKey: (await options.storage.putBuffer(options.bytes, 'mp4')).key, sizeBytes: options.bytes.length }
      : { providerVideoId: options.videoId, sizeBytes: 1_048_576 };
  const [id] = await timetableWriter.createRecordings(db, institute.id, [
    {
      sessionId,
      host: options.host,
      name: `Recording ${next()}`,
      durationSeconds: 12,
      recordedAt: fixedNow,
      uploadedAt: fixedNow,
      ...source,
    },
  ]);
  return id!;
}

/** A student's attendance at a session: present unless told (the writer gives the mark its session's batch). */
export async function markAttendance(
  db: Db,
  institute: TestInstitute,
  studentId: number,
  sessionId: number,
  overrides: Partial<Omit<timetableWriter.AttendanceValues, 'studentId' | 'sessionId'>> = {},
) {
  await timetableWriter.markAttendance(db, institute.id, [{ studentId, sessionId, status: 'P', ...overrides }]);
}

/** A test label of the institute (type 1 mock unless told). */
export async function createExamLabel(
  db: Db,
  institute: TestInstitute,
  overrides: Partial<Omit<typeof examLabels.$inferInsert, 'instituteId'>> = {},
) {
  const name = `Test Label ${next()}`;
  const [row] = await db
    .insert(examLabels)
    .values({ instituteId: institute.id, name, title: name, testTypeId: 1, ...overrides })
    .returning({ id: examLabels.id });
  return row!.id;
}

const lettered = (texts: string[], from = 'a') =>
  texts.map((text, index) => ({ letter: String.fromCharCode(from.charCodeAt(0) + index), text }));

/**
 * The paper every factory test has, one question of each type (§9) in this order, with its key:
 * 1 single 'b' (4 marks, −1, an image), 2 multiple 'a,c' (4, −1), 3 true/false 'a' (2, −0.5), 4 matching 6
 * 'a=q|b=p' (2), 5 matching 7 'q,p' (2), 6 subjective (5), 7 single 'c' on a passage (2, −0.5).
 */
export const factoryPaperKey = { 1: 'b', 2: 'a,c', 3: 'a', 4: 'a=q|b=p', 5: 'q,p', 7: 'c' } as const;

/**
 * An online test (type 4) of the institute, open from a day before the fixed clock for a week, 30 minutes, set
 * for the institute's current batch (or `batchIds`), with the factory paper. `productId` sells it in a product.
 */
export async function createExamTest(
  db: Db,
  institute: TestInstitute,
  {
    batchIds = [institute.currentYear.batchId],
    productId,
    now = fixedNow,
    ...overrides
  }: Partial<Omit<examWriter.TestValues, 'batchIds'>> & {
    batchIds?: number[];
    productId?: number;
    now?: Date;
  } = {},
) {
  const instituteId = institute.id;
  const [created] = await examWriter.createTests(db, instituteId, [
    {
      name: `Test Paper ${next()}`,
      testTypeId: 4,
      startsAt: new Date(now.getTime() - 86_400_000),
      endsAt: new Date(now.getTime() + 7 * 86_400_000),
      durationMinutes: 30,
      ...overrides,
      batchIds,
    },
  ]);
  const testId = created!;
  if (productId !== undefined) await db.insert(examProductTests).values({ instituteId, productId, testId });
  const sections = await examWriter.findOrCreateSections(db, instituteId, [
    { testId, name: 'Section A', subjectId: null },
  ]);
  const [passageId] = await examWriter.passageRows.create(db, instituteId, [
    { testId, text: '<p>A passage to read.</p>' },
  ]);
  const base = { testId, sectionId: sections.get(`${testId}|Section A`)! };
  await examWriter.questionRows.create(db, instituteId, [
    {
      ...base,
      questionNo: 1,
      quesType: 1,
      question: 'Pick b',
      options: lettered(['A', 'B', 'C', 'D']),
      correct: 'b',
      marks: 4,
      negativeMarks: 1,
      mediaType: 'image',
      mediaFileKey: 'factory-figure.svg',
    },
    {
      ...base,
      questionNo: 2,
      quesType: 3,
      question: 'Pick a and c',
      options: lettered(['A', 'B', 'C', 'D']),
      correct: 'a,c',
      marks: 4,
      negativeMarks: 1,
      solution: 'SECRET-SOLUTION-TEXT',
    },
    {
      ...base,
      questionNo: 3,
      quesType: 5,
      question: 'True?',
      options: lettered(['True', 'False']),
      correct: 'a',
      marks: 2,
      negativeMarks: 0.5,
    },
    {
      ...base,
      questionNo: 4,
      quesType: 6,
      question: 'Match (pairs)',
      options: lettered(['L1', 'L2']),
      matchOptions: lettered(['R1', 'R2'], 'p'),
      correct: 'a=q|b=p',
      marks: 2,
    },
    {
      ...base,
      questionNo: 5,
      quesType: 7,
      question: 'Match (order)',
      options: lettered(['L1', 'L2']),
      matchOptions: lettered(['R1', 'R2'], 'p'),
      correct: 'q,p',
      marks: 2,
    },
    { ...base, questionNo: 6, quesType: 2, question: 'Explain', marks: 5 },
    {
      ...base,
      questionNo: 7,
      quesType: 1,
      passageId: passageId!,
      question: 'On the passage',
      options: lettered(['A', 'B', 'C']),
      correct: 'c',
      marks: 2,
      negativeMarks: 0.5,
    },
  ]);
  return testId;
}

/** A study library course: free for the institute's standard, or paid through `productId`. */
export async function createLibraryCourse(
  db: Db,
  institute: TestInstitute,
  { productId, name = `Library Course ${next()}` }: { productId?: number; name?: string } = {},
) {
  const [courseId] = await libraryWriter.libraryCourseRows.create(db, institute.id, [
    {
      name,
      isPaid: productId !== undefined,
      courseTypeId: productId !== undefined ? 2 : 1,
      standardId: productId === undefined ? institute.standardId : null,
      productId: productId ?? null,
    },
  ]);
  const [subjectId] = await libraryWriter.librarySubjectRows.create(db, institute.id, [
    { courseId: courseId!, name: `Subject ${next()}` },
  ]);
  return { courseId: courseId!, subjectId: subjectId! };
}

/** A topic of a library course's subject, under `parentId` (none: top level). */
export async function createTopic(
  db: Db,
  institute: TestInstitute,
  course: { courseId: number; subjectId: number },
  { parentId = null, name = `Topic ${next()}` }: { parentId?: number | null; name?: string } = {},
) {
  const [topicId] = await libraryWriter.libraryTopicRows.create(db, institute.id, [
    { courseId: course.courseId, subjectId: course.subjectId, parentId, name },
  ]);
  return topicId!;
}

/** A library file in a topic; `content` is stored under `extension` so its signed address serves real bytes. */
export async function createLibraryFile(
  db: Db,
  storage: Storage,
  institute: TestInstitute,
  courseId: number,
  topicId: number,
  {
    content,
    extension = 'pdf',
    ...overrides
  }: Partial<Omit<libraryWriter.LibraryFileValues, 'courseId' | 'topicId'>> & {
    content?: Buffer | string;
    extension?: string;
  } = {},
) {
  const stored = content === undefined ? undefined : await storage.putBuffer(content, extension);
  const [fileId] = await libraryWriter.libraryFileRows.create(db, institute.id, [
    {
      courseId,
      topicId,
      title: `File ${next()}`,
      type: 'Notes',
      kind: 'pdf',
      fileName: `file.${extension}`,
      fileKey: stored?.key ?? null,
      sizeBytes: stored?.size ?? 0,
      sharedOn: institute.today,
      ...overrides,
    },
  ]);
  return fileId!;
}

/** A document shared with a subject's students or an e-course's users. */
export async function createDocument(
  db: Db,
  institute: TestInstitute,
  values: Partial<documentsWriter.DocumentValues>,
) {
  const [id] = await documentsWriter.documentRows.create(db, institute.id, [
    { category: 'Other', title: `Document ${next()}`, kind: 'pdf', sharedOn: institute.today, ...values },
  ]);
  return id!;
}
