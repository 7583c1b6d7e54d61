// The access matrix, generated from the endpoint descriptors: every endpoint against the nine identities, and
// every id every descriptor declares swapped for another user's and another institute's. A new endpoint is covered
// the day it is added: it needs only an example call in its area's `<area>.cells.ts`, and the suite fails until it
// has one.
import { existsSync, readdirSync } from 'node:fs';
import type { Session } from '@campus/domain/auth/auth.contract';
import { fillPath, type BoundEndpoint, type DeclaredId, type IdKind } from '@campus/domain/shared/endpoint';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, areas } from '../src/features/index.ts';
import type { App } from '../src/app.ts';
import { adminApiKeys } from '../src/db/schema/admin.ts';
import { assignmentAttachments } from '../src/db/schema/assignments.ts';
import { examQuestions } from '../src/db/schema/exam.ts';
import { students } from '../src/db/schema/users.ts';
import { demoPassword } from '../src/db/seed/demo-accounts.ts';
import { hashToken } from '../src/lib/tokens.ts';
import type { CellExamples, Ids, Input } from './access-cells-kit.ts';
import { createAdminKey } from './admin-kit.ts';
import { createAlert } from './factories/alerts.ts';
import { signIn } from './auth-helpers.ts';
import { createAssignment, createSubmission } from './factories/assignments.ts';
import { createApiKey } from './factories/auth.ts';
import { createDocument } from './factories/documents.ts';
import { createEvent } from './factories/events.ts';
import { createExamLabel, createExamTest } from './factories/exam.ts';
import { createFeePayment, createFeePlan } from './factories/fees.ts';
import { createAnnouncement, createBanner } from './factories/home.ts';
import {
  createInstitute,
  everyAreaOn,
  createParent,
  createStudent,
  createSubject,
  createUser,
  factoryPassword,
  type TestInstitute,
} from './factories/institutes.ts';
import { createLibraryCourse, createLibraryFile, createTopic } from './factories/library.ts';
import { createMessage } from './factories/messages.ts';
import { createProduct, purchase } from './factories/products.ts';
import { createAttempt } from './factories/report.ts';
import { createStandard } from './factories/standards.ts';
import { createClassSession, createRecording, markAttendance } from './factories/timetable.ts';
import { createMigratedDatabase, createTestApp, createTestStorage, fixedNow } from './helpers.ts';
import { multipart } from './multipart.ts';

/** Who calls: the nine identities of the access matrix. */
const identities = [
  'anonymous',
  'expired',
  'owner',
  'otherStudent',
  'parentOfOwner',
  'parentOfOther',
  'openCourse',
  'otherInstitute',
  'otherInstituteHere',
] as const;
type Identity = (typeof identities)[number];

/** Strings only the owner's data holds; a denial must contain none of them. */
const ownerMarkers = [
  'Aarav',
  '4321 8765',
  'XXXX-XXXX-2109',
  'Green Park',
  'my-answers.txt',
  'Maths Olympiad',
  'heavy rain',
];

const featuresFolder = new URL('../src/features/', import.meta.url);

/**
 * Each area's example calls, `features/<area>/<area>.cells.ts`, found by folder as features/index.ts finds area.ts:
 * a new area brings its examples beside its routes and adds no line here.
 */
const cellFiles: { file: string; area: string; cells: CellExamples }[] = await Promise.all(
  readdirSync(featuresFolder, { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && existsSync(new URL(`${entry.name}/${entry.name}.cells.ts`, featuresFolder)),
    )
    .map((entry) => entry.name)
    .sort()
    .map(async (area) => {
      const file = `${area}/${area}.cells.ts`;
      const { cells } = (await import(new URL(file, featuresFolder).href)) as { cells?: CellExamples };
      if (!cells) throw new Error(`features/${file} exports no cells`);
      return { file: `features/${file}`, area, cells };
    }),
);

/** The area that serves each endpoint, as the manifests register it. */
const servedBy = new Map(
  areas.flatMap((area) =>
    area.contracts.flatMap((contract) => Object.values(contract).map((endpoint) => [endpoint.id, area.name] as const)),
  ),
);

/** Examples filed wrongly: naming no endpoint, in another area's file, or in two files (an object holds a key once). */
const misfiled = cellFiles.flatMap(({ file, area, cells }) =>
  Object.keys(cells).flatMap((id) => {
    const serving = servedBy.get(id);
    const others = cellFiles.filter((other) => other.file !== file && id in other.cells).map((other) => other.file);
    return [
      ...(serving ? [] : [`${file}: ${id} names no endpoint`]),
      ...(serving && serving !== area ? [`${file}: ${id} is served by the ${serving} area, not ${area}`] : []),
      ...(others.length > 0 ? [`${file}: ${id} is also in ${others.join(', ')}`] : []),
    ];
  }),
);

/** A valid call of each endpoint with the owner's ids (see CellExamples in access-cells-kit.ts). */
const examples: CellExamples = Object.fromEntries(cellFiles.flatMap(({ cells }) => Object.entries(cells)));

/** The identities whose session satisfies each kind of id when the call names the owner's ids. */
const sameInstitute: Identity[] = ['owner', 'otherStudent', 'parentOfOwner', 'parentOfOther', 'openCourse'];
/** Every live session used on its own institute's host. */
const signedIn: Identity[] = [...sameInstitute, 'otherInstitute'];
const viewsOwner: Identity[] = ['owner', 'parentOfOwner'];
const satisfies: Record<IdKind, Identity[]> = {
  institute: sameInstitute,
  student: viewsOwner,
  user: viewsOwner,
  account: ['owner'],
  // Not tied to an institute: a student elsewhere has the same user type, and every session here shares one device.
  userType: ['owner', 'otherStudent', 'otherInstitute'],
  device: signedIn,
  assignment: viewsOwner,
  attachment: viewsOwner,
  product: viewsOwner,
  // The account's own phone: a parent's is the parent's, not the child's.
  phone: ['owner'],
  // Any year of the institute: the fees screen's year list is the institute's.
  academicYear: sameInstitute,
  receipt: viewsOwner,
  test: viewsOwner,
  testLabel: sameInstitute,
  choice: sameInstitute,
  classSession: viewsOwner,
  recording: viewsOwner,
  batch: viewsOwner,
  viewer: viewsOwner,
  course: viewsOwner,
  courseProduct: viewsOwner,
  subject: viewsOwner,
  libraryFile: viewsOwner,
  document: viewsOwner,
  video: viewsOwner,
  question: viewsOwner,
  // The account's own: a parent's bell is the parent's, whichever child it is about.
  alert: ['owner'],
  // A child of the parent that signed in: switching to the owner is the owner's parent's.
  child: ['parentOfOwner'],
};

/** Endpoints that read for parents but refuse them to act ('Parents are not allowed to give exam'). */
const parentsRefused = new Set(['exam.launch', 'report.deleteBookmark']);

/** Who may make an endpoint's example call: derived from its access rule and its declared ids. */
function allowedIdentities(endpoint: BoundEndpoint): Identity[] {
  const base: Identity[] =
    endpoint.access === 'session' || endpoint.access === 'examdesk' || endpoint.access === 'scorecard'
      ? signedIn
      : endpoint.access === 'student'
        ? signedIn.filter((identity) => !identity.startsWith('parent'))
        : [];
  return base
    .filter((identity) => endpoint.ids.every((id) => satisfies[id.kind].includes(identity)))
    .filter((identity) => !(parentsRefused.has(endpoint.id) && identity.startsWith('parent')));
}

/** Sets a declared id in an input (`a[]`: the array holds the value). */
function withId(input: Input, declared: DeclaredId, value: unknown): Input {
  const copy = structuredClone(input);
  const part = ((copy as Record<string, Record<string, unknown>>)[declared.in] ??= {});
  const name = declared.name.replace(/\[\]$/, '');
  part[name] = declared.name.endsWith('[]')
    ? [value]
    : declared.in === 'headers'
      ? String(value)
      : Array.isArray(part[name])
        ? [value]
        : typeof part[name] === 'string'
          ? String(value)
          : value;
  return copy;
}

describe('the access matrix, generated from the endpoint descriptors', () => {
  let app: App;
  let clock = fixedNow;
  const sessions = new Map<Identity, { session?: Session; host: string }>();
  const signers = new Map<Identity, () => Promise<Session>>();
  let ids: Ids;

  async function send(endpoint: BoundEndpoint, input: Input, identity: Identity) {
    const { session, host } = sessions.get(identity)!;
    const query = new URLSearchParams(
      Object.entries(input.query ?? {}).map(([key, value]) => [key, String(value)] as [string, string]),
    ).toString();
    const url = `${fillPath(endpoint.path, input.params)}${query ? `?${query}` : ''}`;
    const headers = {
      host,
      // The exam service takes the session's exam desk credential (spec part 2 §7).
      ...(session
        ? {
            authorization:
              endpoint.access === 'examdesk'
                ? session.examdesk_auth_token
                : endpoint.access === 'scorecard'
                  ? session.scorecard_auth_token
                  : session.student_auth,
          }
        : {}),
      ...(endpoint.access === 'apiKey' ? { 'x-api-key': 'demo-greenfield-sso-key' } : {}),
      ...input.headers,
    };
    if (identity === 'expired') clock = new Date('2026-11-21T18:30:01Z');
    try {
      if (input.multipart) {
        const body = multipart([{ filename: 'notes.txt', content: Buffer.from('cell test') }], input.multipart);
        return await app.inject({
          method: endpoint.method,
          url,
          headers: { ...headers, ...body.headers },
          payload: body.payload,
        });
      }
      return await app.inject({
        method: endpoint.method,
        url,
        headers,
        ...(input.body === undefined ? {} : { payload: input.body }),
      });
    } finally {
      clock = fixedNow;
    }
  }

  /** Refused with no data; a mismatched device of the caller's own is a plain bad request (400). */
  const expectDenied = (response: { statusCode: number; body: string }, statuses = [401, 403, 404]) => {
    expect(statuses, response.body.slice(0, 200)).toContain(response.statusCode);
    for (const marker of ownerMarkers) expect(response.body).not.toContain(marker);
  };

  // No demo: a school at localhost with every area switched on, and another institute at apex.localhost. The owner,
  // Aarav, has a row of every area (a profile, an evaluated and a draft assignment, a bought course with a test and
  // a library file, a receipt, a live class and its recording, a released result with a bookmark, a message); another
  // student here, a parent of each, a course buyer and a student of the other institute have their own.
  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const storage = createTestStorage();
    const { db } = database;
    const school = await createInstitute(db, { host: 'localhost', ...everyAreaOn });
    const apex = await createInstitute(db, { host: 'apex.localhost', ...everyAreaOn });
    // Another standard here, with its own section: what the owner's standard and section must not reach.
    const otherStandard = await createStandard(db, school);
    const otherBatch = otherStandard.currentYear.batchId;

    // The people: the owner's login is the one the auth examples name ('9000000001', the demo password).
    const aarav = await createStudent(db, school, {
      user: { name: 'Aarav Sharma', phone: '9000000001', password: demoPassword },
      student: {
        address: '14, Green Park Society, Baner Road, Pune 411045',
        permanentAddress: '14, Green Park Society, Baner Road, Pune 411045',
        aadharNo: '4321 8765 2109',
      },
    });
    // The other student is in the other standard's section (a classmate of the owner's section sees its rows).
    const classmate = await createStudent(db, otherStandard);
    const aaravParent = await createParent(db, school, [aarav.studentId], { phone: '9000000002' });
    const classmateParent = await createParent(db, school, [classmate.studentId]);
    const learner = await createUser(db, school, { userType: 99, phone: null, email: 'learner@school.test' });
    const neha = await createStudent(db, apex);
    await createParent(db, apex, [neha.studentId], { phone: '9100000002' });
    // Alerts: the owner's, the owner's parent's (about the owner), the other student's and the other institute's.
    const ownerAlert = await createAlert(db, school, { userId: aarav.userId, studentId: aarav.studentId });
    const parentAlert = await createAlert(db, school, { userId: aaravParent.userId, studentId: aarav.studentId });
    const otherAlert = await createAlert(db, school, { userId: classmate.userId, studentId: classmate.studentId });
    const apexAlert = await createAlert(db, apex, { userId: neha.userId, studentId: neha.studentId });
    await createApiKey(db, school, 'demo-greenfield-sso-key');
    await db
      .insert(adminApiKeys)
      .values({ instituteId: school.id, name: 'public', keyHash: hashToken('demo-greenfield-admin-key') });

    // Subjects: one of the owner's standard, one of the other standard, one of the other institute.
    const ownerSubject = await createSubject(db, school, 'Science');
    const otherSubject = await createSubject(db, otherStandard, 'Other standard science');
    const apexSubject = await createSubject(db, apex, 'Chemistry');

    // Assignments: the owner's evaluated work (past due) and draft (due later); another section's homework with a
    // teacher's file; the other institute's, with its student's work.
    const evaluated = await createAssignment(db, school, ownerSubject, {
      title: 'Lab record: acids and bases',
      dueAt: new Date(fixedNow.getTime() - 3 * 86_400_000),
    });
    await createSubmission(db, storage, school, evaluated, aarav.studentId, {
      status: 'Submitted',
      submittedAt: new Date(fixedNow.getTime() - 4 * 86_400_000),
      evaluation: { marks: 18, grade: 'A', teacherComment: 'Well done' },
    });
    const draft = await createAssignment(db, school, ownerSubject);
    await createSubmission(db, storage, school, draft, aarav.studentId);
    const otherAssignment = await createAssignment(db, otherStandard, otherSubject, {
      title: 'Another section’s homework',
    });
    const [otherAttachmentRow] = await db
      .insert(assignmentAttachments)
      .values({
        instituteId: school.id,
        assignmentId: otherAssignment,
        kind: 'teacher',
        displayName: 'other-section.pdf',
        fileKey: 'none.pdf',
      })
      .returning({ id: assignmentAttachments.id });
    const otherAttachment = otherAttachmentRow!.id;
    const apexAssignment = await createAssignment(db, apex, apexSubject);
    await createSubmission(db, storage, apex, apexAssignment, neha.studentId);
    const [apexAttachmentRow] = await db
      .select({ id: assignmentAttachments.id })
      .from(assignmentAttachments)
      .where(eq(assignmentAttachments.instituteId, apex.id))
      .orderBy(assignmentAttachments.id)
      .limit(1);
    const apexAttachment = apexAttachmentRow!.id;

    // Products: the course the owner bought (its tests, its library course); one on sale not bought (with an item
    // type, so only the purchase check refuses it); the other institute's.
    const ownerProduct = await createProduct(db, school, {
      title: 'Maths Olympiad Prep',
      pricePaise: 249_900,
      itemTypes: ['Video Lectures', 'Online_Test'],
    });
    await purchase(db, school, aarav.userId, ownerProduct);
    const unboughtProduct = await createProduct(db, school, { title: 'Unbought course', itemTypes: ['Video'] });
    const apexProduct = await createProduct(db, apex, { itemTypes: ['Video'] });

    // Fees: a receipt of the owner's, of the classmate's, and of the other institute's student.
    const receipt = async (institute: TestInstitute, studentId: number) => {
      const [installment] = await createFeePlan(db, institute, studentId, {
        installments: [{ due: institute.today, amount: 500_000 }],
      });
      const receiptNo = `R-CELL-${studentId}`;
      await createFeePayment(db, storage, institute, {
        studentId,
        receiptNo,
        parts: [{ studentInstallmentId: installment!, amount: 200_000 }],
      });
      return receiptNo;
    };
    await receipt(school, aarav.studentId);
    const otherReceipt = await receipt(otherStandard, classmate.studentId);
    const apexReceipt = await receipt(apex, neha.studentId);

    // Live classes: the owner's section's class that started half an hour ago with an aws recording; another
    // section's; the other institute's.
    const liveClass = async (institute: TestInstitute) => {
      const sessionId = await createClassSession(db, institute, {
        startsAt: new Date(fixedNow.getTime() - 30 * 60_000),
      });
      const recordingId = await createRecording(db, institute, sessionId, {
        host: 'aws',
        bytes: Buffer.from('cell recording'),
        storage,
      });
      return { sessionId, recordingId };
    };
    const ownerLive = await liveClass(school);
    const otherLive = await liveClass(otherStandard);
    const apexLive = await liveClass(apex);
    await markAttendance(db, school, aarav.studentId, ownerLive.sessionId);

    // Exam: a test sold only in the owner's product (no section has it), open now; one no one reaches; a label
    // here; the other institute's test and label.
    const ownerTest = await createExamTest(db, school, {
      name: 'Owner product test',
      batchIds: [],
      productId: ownerProduct,
    });
    const unassignedTest = await createExamTest(db, school, { name: 'Unassigned test', batchIds: [] });
    const ownerLabel = await createExamLabel(db, school, { name: 'Cell label', testTypeId: 4 });
    const apexTest = await createExamTest(db, apex);
    const apexLabel = await createExamLabel(db, apex);

    // The library: a paid course of the owner's product with a Vimeo file; the same in a free course of the other
    // standard here, and in a course of the other institute.
    const videoCourse = async (institute: TestInstitute, videoId: string, productId?: number) => {
      const course = await createLibraryCourse(db, institute, productId === undefined ? {} : { productId });
      const topic = await createTopic(db, institute, course);
      const fileId = await createLibraryFile(db, storage, institute, course.courseId, topic, {
        title: 'Cell video',
        type: 'Vimeo',
        kind: 'vimeo',
        videoId,
      });
      return { courseId: course.courseId, fileId };
    };
    const ownerCourse = await videoCourse(school, 'cells-owner-video', ownerProduct);
    const otherCourse = await videoCourse(otherStandard, 'cells-other-video');
    const apexCourse = await videoCourse(apex, 'cells-apex-video');

    // Documents: a downloadable PDF shared with the paid course only the owner bought (a subject's documents are
    // every classmate's), one shared with the other standard's free course here, and the other institute's.
    const pdf = async (institute: TestInstitute, title: string, share: { courseId?: number; subjectId?: number }) => {
      const stored = await storage.putBuffer('%PDF-1.4 cell paper', 'pdf');
      return createDocument(db, institute, {
        ...share,
        title,
        category: 'Exam',
        kind: 'pdf',
        fileName: 'paper.pdf',
        fileKey: stored.key,
        sizeBytes: stored.size,
        isReadonly: false,
      });
    };
    const ownerDocument = await pdf(school, 'Cell paper', { courseId: ownerCourse.courseId });
    const otherDocument = await pdf(school, 'Other standard paper', { courseId: otherCourse.courseId });
    const apexDocument = await pdf(apex, 'Unit test paper', { subjectId: apexSubject });

    // Reports: the owner's attempt at a released test, with its first question bookmarked; a question of the test
    // the owner never took here, and one of the other institute.
    const reportTestId = await createExamTest(db, school, {
      name: 'Released mock',
      testTypeId: 1,
      isResultPublished: true,
      startsAt: new Date(fixedNow.getTime() - 3 * 86_400_000),
      endsAt: new Date(fixedNow.getTime() - 60 * 60_000),
    });
    await createAttempt(db, school, aarav, reportTestId, { answers: { 1: 'b', 2: 'a' }, bookmarks: [1] });
    const firstQuestion = async (testId: number) => {
      const [row] = await db
        .select({ id: examQuestions.id })
        .from(examQuestions)
        .where(eq(examQuestions.testId, testId))
        .orderBy(examQuestions.questionNo)
        .limit(1);
      return row!.id;
    };

    // The rest of the owner's day: a text to the owner's phone, a holiday, a notice and a banner.
    await createMessage(db, school, '9000000001', {
      body: 'School remains closed tomorrow due to heavy rain. Stay safe.',
      minutesAgo: 120,
    });
    await createEvent(db, school);
    await createAnnouncement(db, school, { batchIds: [school.currentYear.batchId] });
    await createBanner(db, school);

    app = await createTestApp({
      database,
      storage,
      now: () => clock,
      rateLimits: { loginPerMinute: 100_000, forgotPasswordPerMinute: 100_000, ssoPerMinute: 100_000 },
    });
    const byPassword = (login: string) => ({ user_name: login, password: factoryPassword });
    signers.set('owner', () => signIn(app, { user_name: '9000000001', password: demoPassword }));
    signers.set('otherStudent', () => signIn(app, byPassword(classmate.login)));
    signers.set('parentOfOwner', () => signIn(app, byPassword(aaravParent.login)));
    signers.set('parentOfOther', () => signIn(app, byPassword(classmateParent.login)));
    signers.set('openCourse', () => signIn(app, byPassword(learner.login)));
    signers.set('otherInstitute', () => signIn(app, byPassword(neha.login), { host: 'apex.localhost' }));
    const owner = await signers.get('owner')!();
    const nehaSession = await signers.get('otherInstitute')!();
    sessions.set('anonymous', { host: 'localhost' });
    sessions.set('owner', { session: owner, host: 'localhost' });
    // The owner's own credential after midnight: each 'expired' call moves the clock past the end of the day.
    sessions.set('expired', { session: owner, host: 'localhost' });
    for (const identity of ['otherStudent', 'parentOfOwner', 'parentOfOther', 'openCourse'] as const) {
      sessions.set(identity, { session: await signers.get(identity)!(), host: 'localhost' });
    }
    sessions.set('otherInstitute', { session: nehaSession, host: 'apex.localhost' });
    sessions.set('otherInstituteHere', { session: nehaSession, host: 'localhost' });
    const other = sessions.get('otherStudent')!.session!;

    // The owner's attachment and receipt as the owner's screens list them.
    const headers = { authorization: owner.student_auth, host: 'localhost' };
    const files = await app.inject({
      method: 'GET',
      url: `/api/v2/onlineAssignment/studentAttachmentsDetail/${school.id}/${aarav.studentId}/${evaluated}`,
      headers,
    });
    const fees = (
      await app.inject({
        method: 'GET',
        url: `/api/v1/studentWise/fee/${school.id}/students/${aarav.studentId}/${owner.current_acad_yr_id}`,
        headers,
      })
    ).json().result;

    ids = {
      academicYearId: owner.current_acad_yr_id!,
      receiptNo: fees.p_install_li[0].f_rec_no,
      receiptFinYear: fees.p_install_li[0].financial_yr,
      liveSessionId: ownerLive.sessionId,
      recordingId: ownerLive.recordingId,
      batchId: school.currentYear.batchId,
      testId: ownerTest,
      reportTestId,
      questionId: await firstQuestion(reportTestId),
      examLabelId: ownerLabel,
      courseId: ownerCourse.courseId,
      courseProductId: ownerProduct,
      libraryFileId: ownerCourse.fileId,
      videoId: 'cells-owner-video',
      subjectId: ownerSubject,
      documentId: ownerDocument,
      alertId: ownerAlert,
      instituteId: school.id,
      studentId: aarav.studentId,
      userId: aarav.userId,
      accountUserId: aarav.userId,
      userType: owner.user_type,
      fileId: evaluated,
      draftFileId: draft,
      ownAttachmentId: files.json().result.student_attachment[0].attachment_id,
      productId: ownerProduct,
      phone: `+${owner.country_calling_code.replace(/^\+/, '')}${owner.student_phone}`,
      foreign: {
        institute: [apex.id],
        student: [classmate.studentId, neha.studentId],
        user: [classmate.userId, neha.userId],
        account: [classmate.userId, neha.userId],
        userType: [2, 99],
        device: ['another-device'],
        assignment: [otherAssignment, apexAssignment],
        attachment: [otherAttachment, apexAttachment],
        product: [unboughtProduct, apexProduct],
        choice: [other.user_id, nehaSession.user_id],
        test: [unassignedTest, apexTest],
        testLabel: [apexLabel],
        // The owner's parent here, and a parent of the other institute.
        phone: ['+919000000002', '+919100000002'],
        academicYear: [apex.currentYear.id],
        receipt: [otherReceipt, apexReceipt],
        classSession: [otherLive.sessionId, apexLive.sessionId],
        recording: [otherLive.recordingId, apexLive.recordingId],
        batch: [otherBatch, apex.currentYear.batchId],
        viewer: [classmate.studentId, neha.studentId],
        course: [otherCourse.courseId, apexCourse.courseId],
        courseProduct: [unboughtProduct, apexProduct],
        subject: [otherSubject, apexSubject],
        libraryFile: [otherCourse.fileId, apexCourse.fileId],
        document: [otherDocument, apexDocument],
        video: ['cells-other-video', 'cells-apex-video'],
        question: [await firstQuestion(unassignedTest), await firstQuestion(apexTest)],
        alert: [parentAlert, otherAlert, apexAlert],
        child: [classmate.studentId, neha.studentId],
      },
    };

    // Every owner marker is in the owner's own data, as the owner's screens show it or (the full Aadhaar number,
    // which every screen masks) as the owner's row stores it, so a denial that leaked it would be caught.
    const ownerViews = ['profile.profile', 'assignments.studentAttachments', 'products.myProducts', 'messages.byPhone'];
    const shown = await Promise.all(
      ownerViews.map(async (id) => {
        const endpoint = allEndpoints.find((candidate) => candidate.id === id)!;
        return (await send(endpoint, examples[id]!(ids), 'owner')).body;
      }),
    );
    const [ownerRow] = await db
      .select()
      .from(students)
      .where(and(eq(students.instituteId, school.id), eq(students.id, aarav.studentId)));
    for (const marker of ownerMarkers) expect([...shown, JSON.stringify(ownerRow)].join('\n')).toContain(marker);
  });
  afterAll(() => app.close());

  it('has an example call for every endpoint, so a new route is covered the day it is added', () => {
    const missing = allEndpoints.map((endpoint) => endpoint.id).filter((id) => !(id in examples));
    // And each example once, in the cells file of the area that serves its endpoint (both lists in one report).
    expect({ missing, misfiled }).toEqual({ missing: [], misfiled: [] });
  });

  // Endpoints that end the caller's session run last, and the caller signs in again after each allowed call.
  const endsSession = new Set(['auth.logout', 'auth.switchChild']);
  const ordered = [...allEndpoints].sort((a, b) => Number(endsSession.has(a.id)) - Number(endsSession.has(b.id)));
  const sessionEndpoints = ordered.filter((endpoint) =>
    ['session', 'student', 'examdesk', 'scorecard'].includes(endpoint.access),
  );

  describe('each signed-in endpoint against the nine identities', () => {
    for (const endpoint of sessionEndpoints) {
      for (const identity of identities) {
        it(`${endpoint.id} (${endpoint.method} ${endpoint.path}) as ${identity}`, async () => {
          const allowed = allowedIdentities(endpoint).includes(identity);
          const response = await send(endpoint, examples[endpoint.id]!(ids), identity);
          if (allowed) {
            expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
            if (endsSession.has(endpoint.id)) {
              const session = await signers.get(identity)!();
              sessions.set(identity, { ...sessions.get(identity)!, session });
              // The identities that share this one's credential follow it.
              if (identity === 'owner') sessions.set('expired', { session, host: 'localhost' });
              if (identity === 'otherInstitute') sessions.set('otherInstituteHere', { session, host: 'localhost' });
            }
          } else {
            expectDenied(response);
          }
        });
      }
    }
  });

  describe('each admin endpoint: refused to every session, answered only with its institute’s admin key', () => {
    const adminEndpoints = ordered.filter((endpoint) => endpoint.access === 'adminKey');
    it('answers the demo institute’s public demo admin key (seeded for trying the API)', async () => {
      const standards = adminEndpoints.find((endpoint) => endpoint.path === '/api/admin/v1/standards')!;
      const input = {
        body: { rows: [{ external_id: 'DEMO-STD', name: 'Class 13' }] },
        headers: { 'x-api-key': 'demo-greenfield-admin-key' },
      };
      expect((await send(standards, input, 'anonymous')).statusCode).toBe(200);
    });
    for (const endpoint of adminEndpoints) {
      for (const identity of identities) {
        it(`${endpoint.id} (${endpoint.method} ${endpoint.path}) as ${identity}`, async () => {
          expectDenied(await send(endpoint, examples[endpoint.id]!(ids), identity));
        });
      }
      it(`${endpoint.id} with the institute's admin key, and with it on another institute's host`, async () => {
        const { key } = await createAdminKey(app.db, ids.instituteId);
        const input = { ...examples[endpoint.id]!(ids), headers: { 'x-api-key': key } };
        const own = await send(endpoint, input, 'anonymous');
        // Through authentication: written, or refused for its rows (a reference the demo has no external id for).
        expect([200, 422], own.body.slice(0, 300)).toContain(own.statusCode);
        const elsewhere = await send(endpoint, input, 'otherInstitute');
        expect(elsewhere.statusCode).toBe(403);
        for (const marker of ownerMarkers) expect(elsewhere.body).not.toContain(marker);
      });
    }
  });

  describe('every declared id, swapped for another user’s and another institute’s', () => {
    const declared = ordered.flatMap((endpoint) => endpoint.ids.map((id) => ({ endpoint, id })));
    const swapped = new Set<string>();

    for (const { endpoint, id } of declared) {
      it(`${endpoint.id}: ${id.in}.${id.name} (${id.kind})`, async () => {
        const caller: Identity = endpoint.access === 'anonymous' ? 'anonymous' : 'owner';
        const foreign = ids.foreign[id.kind];
        expect(foreign.length).toBeGreaterThan(0);
        for (const value of foreign) {
          const response = await send(endpoint, withId(examples[endpoint.id]!(ids), id, value), caller);
          if (id.kind === 'choice' || id.kind === 'device') {
            // Picked among the caller's own accounts (or naming the caller's own device): never another user's
            // session, and nothing of the owner's.
            expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
            const result = response.json().result;
            if (result && !Array.isArray(result) && 'user_id' in result) expect(result.user_id).not.toBe(value);
            if (caller === 'owner') expectDenied(response, [400, 401, 403, 404]);
          } else {
            expectDenied(response);
          }
        }
        swapped.add(`${endpoint.id} ${id.in}.${id.name}`);
      });
    }

    it('swapped every declared id of every endpoint', () => {
      const total = declared.length;
      console.log(
        `access cells: ${swapped.size} of ${total} declared ids swapped, across ${allEndpoints.length} endpoints`,
      );
      expect(swapped.size).toBe(total);
    });
  });
});
