// The access matrix, generated from the endpoint descriptors: every endpoint against the nine identities, and
// every id every descriptor declares swapped for another user's and another institute's. A new endpoint is covered
// the day it is added: it needs only an example call in its area's `<area>.cells.ts`, and the suite fails until it
// has one.
import { existsSync, readdirSync } from 'node:fs';
import type { Session } from '@campus/domain/auth/auth.contract';
import { fillPath, type BoundEndpoint, type DeclaredId, type IdKind } from '@campus/domain/shared/endpoint';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, areas } from '../src/features/index.ts';
import * as timetableWriter from '../src/features/timetable/index.ts';
import type { App } from '../src/app.ts';
import { assignmentAttachments, assignments } from '../src/db/schema/assignments.ts';
import { examLabels, examProductTests, examTests } from '../src/db/schema/exam.ts';
import { libraryFiles } from '../src/db/schema/library.ts';
import { productItemTypes, products } from '../src/db/schema/products.ts';
import type { CellExamples, Ids, Input } from './access-cells-kit.ts';
import { createAdminKey } from './admin-kit.ts';
import { postLogin, signIn } from './auth-helpers.ts';
import { createDemoApp, fixedNow } from './helpers.ts';
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

  beforeAll(async () => {
    app = await createDemoApp({
      now: () => clock,
      rateLimits: { loginPerMinute: 100_000, forgotPasswordPerMinute: 100_000, ssoPerMinute: 100_000 },
    });
    const roles = (await postLogin(app, { user_name: '9000000002' })).json().result;
    const meera = (await postLogin(app, { user_name: '9000000003' })).json().result;
    const parentEntry = meera.find((entry: { display: string }) => entry.display === 'parent_student');
    signers.set('owner', () => signIn(app, { user_name: '9000000001' }));
    signers.set('otherStudent', () => signIn(app, { user_name: '9800000000' }));
    signers.set('parentOfOwner', () =>
      signIn(app, { user_name: '9000000002', user_type: 2, user_id: roles[0].user_id }),
    );
    signers.set('parentOfOther', () =>
      signIn(app, { user_name: '9000000003', user_type: 2, user_id: parentEntry.user_id }),
    );
    signers.set('openCourse', () => signIn(app, { user_name: 'learner@greenfield.test' }));
    const owner = await signers.get('owner')!();
    signers.set('otherInstitute', () => signIn(app, { user_name: 'student@apex.test' }, { host: 'apex.localhost' }));
    const neha = await signers.get('otherInstitute')!();
    sessions.set('anonymous', { host: 'localhost' });
    sessions.set('owner', { session: owner, host: 'localhost' });
    // The owner's own credential after midnight: each 'expired' call moves the clock past the end of the day.
    sessions.set('expired', { session: owner, host: 'localhost' });
    for (const identity of ['otherStudent', 'parentOfOwner', 'parentOfOther', 'openCourse'] as const) {
      sessions.set(identity, { session: await signers.get(identity)!(), host: 'localhost' });
    }
    sessions.set('otherInstitute', { session: neha, host: 'apex.localhost' });
    sessions.set('otherInstituteHere', { session: neha, host: 'localhost' });
    const other = sessions.get('otherStudent')!.session!;

    // The owner's objects, found through the API as the owner sees them.
    const headers = { authorization: owner.student_auth, host: 'localhost' };
    const list = (
      await app.inject({
        method: 'POST',
        url: '/api/v2/onlineAssignment/student/getAssignmentsDetail',
        headers,
        payload: { category_id: 255, institute_id: owner.institute_id, student_id: owner.student_id },
      })
    ).json().result;
    const evaluated = list.past_online_assignment_list.find(
      (item: { title: string }) => item.title === 'Lab record: acids and bases',
    );
    const draft = list.upcoming_online_assignment_list.find(
      (item: { student_status: string }) => item.student_status === 'Draft',
    );
    const files = await app.inject({
      method: 'GET',
      url: `/api/v2/onlineAssignment/studentAttachmentsDetail/${owner.institute_id}/${owner.student_id}/${evaluated.file_id}`,
      headers,
    });
    const purchased = await app.inject({
      method: 'GET',
      url: '/prod/student-product/my-products',
      headers: { ...headers, 'x-prod-user-id': String(owner.user_id), 'x-prod-inst-id': String(owner.institute_id) },
    });

    // Someone else's objects, found in the database: what the owner must never reach.
    const one = async (query: ReturnType<typeof sql>) => {
      const rows = (await app.db.execute(query)) as unknown as { rows?: { id: number }[] } & { id: number }[];
      const list = rows.rows ?? rows;
      if (!list[0]) throw new Error(`no row for ${JSON.stringify(query)}`);
      return Number(list[0].id);
    };
    const ownerBatches = sql`(select batch_id from enrolments where institute_id = ${owner.institute_id} and student_id = ${owner.student_id})`;
    // Another section's homework with a teacher's file (a row the demo need not have): built here, not borrowed.
    const otherBatch = await one(
      sql`select id from batches where institute_id = ${owner.institute_id} and id not in ${ownerBatches} order by id limit 1`,
    );
    const subject = await one(
      sql`select id from subjects where institute_id = ${owner.institute_id} order by id limit 1`,
    );
    const [otherAssignmentRow] = await app.db
      .insert(assignments)
      .values({
        instituteId: owner.institute_id,
        batchId: otherBatch,
        subjectId: subject,
        title: 'Another section’s homework',
        dueAt: new Date(fixedNow.getTime() + 86_400_000),
      })
      .returning({ id: assignments.id });
    const otherAssignment = otherAssignmentRow!.id;
    const [otherAttachmentRow] = await app.db
      .insert(assignmentAttachments)
      .values({
        instituteId: owner.institute_id,
        assignmentId: otherAssignment,
        kind: 'teacher',
        displayName: 'other-section.pdf',
        fileKey: 'none.pdf',
      })
      .returning({ id: assignmentAttachments.id });
    const otherAttachment = otherAttachmentRow!.id;
    const apexAssignment = await one(
      sql`select id from assignments where institute_id = ${neha.institute_id} order by id limit 1`,
    );
    const apexAttachment = await one(
      sql`select id from assignment_attachments where institute_id = ${neha.institute_id} order by id limit 1`,
    );
    // A product on sale that the owner did not buy, with an item type (so only the purchase check refuses it).
    const [unboughtRow] = await app.db
      .insert(products)
      .values({ instituteId: owner.institute_id, title: 'Unbought course' })
      .returning({ id: products.id });
    const unboughtProduct = unboughtRow!.id;
    await app.db
      .insert(productItemTypes)
      .values({ instituteId: owner.institute_id, productId: unboughtProduct, itemType: 'Video', description: 'x' });
    const apexProduct = await one(
      sql`select id from products where institute_id = ${neha.institute_id} order by id limit 1`,
    );

    // The owner's receipt as the fees screen lists it; someone else's here, and one of the other institute.
    const fees = (
      await app.inject({
        method: 'GET',
        url: `/api/v1/studentWise/fee/${owner.institute_id}/students/${owner.student_id}/${owner.current_acad_yr_id}`,
        headers,
      })
    ).json().result;
    const receiptOf = async (instituteId: number, studentId: number | null) => {
      const rows = (await app.db.execute(
        sql`select receipt_no from fee_payments where institute_id = ${instituteId} and student_id = ${studentId} order by id limit 1`,
      )) as unknown as { rows?: { receipt_no: string }[] } & { receipt_no: string }[];
      const found = (rows.rows ?? rows)[0];
      if (!found) throw new Error(`no receipt of student ${studentId}`);
      return found.receipt_no;
    };
    const apexYear = await one(
      sql`select id from academic_years where institute_id = ${neha.institute_id} order by id limit 1`,
    );

    // The owner's live class that has started, its aws recording (from the past list), and the owner's section.
    const live = async (body: Record<string, unknown>) =>
      (
        await app.inject({
          method: 'POST',
          url: `/api/v1/meeting_manager/getMeetingV2/${owner.institute_id}`,
          headers,
          payload: { institution_id: owner.institute_id, user_id: owner.user_id, category: 3, ...body },
        })
      ).json();
    const today = (await live({ live_future_past: 1, from_date: '21-11-2026', to_date: '21-11-2026' }))
      .upcomingLiveClasses as { session_id: number; start_datetime: string }[];
    const started = today.find((item) => Date.parse(item.start_datetime) <= fixedNow.getTime())!;
    const past = (await live({ live_future_past: 2, from_date: '01-11-2026', to_date: '21-11-2026' }))
      .pastLiveClasses as { download_links: { download_id: number; video_host: string }[] }[];
    const awsRecording = past.flatMap((item) => item.download_links).find((link) => link.video_host === 'aws')!;
    const ownerBatch = await one(
      sql`select e.batch_id as id from enrolments e join academic_years y on y.institute_id = e.institute_id and y.id = e.academic_year_id where e.institute_id = ${owner.institute_id} and e.student_id = ${owner.student_id} order by y.start_date desc limit 1`,
    );
    // Another section's live class with an aws recording (built here), and Apex's.
    const [otherSession] = await timetableWriter.createClassSessions(app.db, owner.institute_id, [
      {
        batchId: otherBatch,
        classType: 'Online Class',
        name: 'Another section’s live class',
        startsAt: new Date(fixedNow.getTime() - 3_600_000),
        durationMinutes: 30,
        sessionLink: 'https://meet.example.com/other',
      },
    ]);
    const [otherRecording] = await timetableWriter.createRecordings(app.db, owner.institute_id, [
      {
        sessionId: otherSession!,
        host: 'aws',
        name: 'other',
        recordedAt: fixedNow,
        uploadedAt: fixedNow,
        fileKey: '2026/00000000-0000-0000-0000-000000000000.mp4',
      },
    ]);
    const apexSession = await one(
      sql`select id from class_sessions where institute_id = ${neha.institute_id} and class_type = 'Online Class' order by id limit 1`,
    );
    const apexRecording = await one(
      sql`select id from class_recordings where institute_id = ${neha.institute_id} order by id limit 1`,
    );
    const apexBatch = await one(
      sql`select id from batches where institute_id = ${neha.institute_id} order by id limit 1`,
    );

    // A test sold only in the owner's first product, open now; one no one reaches; an Apex test and label.
    const ownerProduct = purchased.json().result[0].id as number;
    const testRows = await app.db
      .insert(examTests)
      .values(
        ['Owner product test', 'Unassigned test'].map((name) => ({
          instituteId: owner.institute_id,
          name,
          testTypeId: 4,
          startsAt: new Date(fixedNow.getTime() - 86_400_000),
          endsAt: new Date(fixedNow.getTime() + 86_400_000),
          durationMinutes: 30,
        })),
      )
      .returning({ id: examTests.id });
    const [ownerTest, unassignedTest] = testRows.map((row) => row.id) as [number, number];
    await app.db
      .insert(examProductTests)
      .values({ instituteId: owner.institute_id, productId: ownerProduct, testId: ownerTest });
    const [ownerLabel] = await app.db
      .insert(examLabels)
      .values({ instituteId: owner.institute_id, name: 'Cell label', testTypeId: 4 })
      .returning({ id: examLabels.id });
    const apexTest = await one(
      sql`select id from exam_tests where institute_id = ${neha.institute_id} order by id limit 1`,
    );
    const apexLabel = await one(
      sql`select id from exam_labels where institute_id = ${neha.institute_id} order by id limit 1`,
    );

    // The library: a paid course only the owner bought, with a Vimeo file of its own; the same in a course of
    // another standard here and in a course of the other institute.
    const libraryCourse = async (instituteId: number, where: ReturnType<typeof sql>) =>
      one(
        sql`select c.id from library_courses c where c.institute_id = ${instituteId} and ${where} order by c.id limit 1`,
      );
    const ownerCourse = await libraryCourse(
      owner.institute_id,
      sql`c.is_paid and c.product_id in (select product_id from product_purchases where user_id = ${owner.user_id})`,
    );
    const otherCourse = await libraryCourse(owner.institute_id, sql`c.name = 'Other Standard Material'`);
    const apexCourse = await libraryCourse(neha.institute_id, sql`c.name = 'Chemistry Crash Course'`);
    const videoFile = async (instituteId: number, courseId: number, videoId: string) => {
      const topic = await one(
        sql`select id from library_topics where institute_id = ${instituteId} and course_id = ${courseId} order by id limit 1`,
      );
      const [row] = await app.db
        .insert(libraryFiles)
        .values({
          instituteId,
          courseId,
          topicId: topic,
          title: 'Cell video',
          type: 'Vimeo',
          kind: 'vimeo',
          videoId,
          sharedOn: '2026-11-01',
        })
        .returning({ id: libraryFiles.id });
      return row!.id;
    };
    const ownerFile = await videoFile(owner.institute_id, ownerCourse, 'cells-owner-video');
    const otherFile = await videoFile(owner.institute_id, otherCourse, 'cells-other-video');
    const apexFile = await videoFile(neha.institute_id, apexCourse, 'cells-apex-video');
    const ownerCourseProduct = await one(sql`select product_id as id from library_courses where id = ${ownerCourse}`);
    const ownerStandards = sql`(select b.standard_id from enrolments e join batches b on b.institute_id = e.institute_id and b.id = e.batch_id where e.institute_id = ${owner.institute_id} and e.student_id = ${owner.student_id})`;
    const ownerSubject = await one(
      sql`select id from subjects where institute_id = ${owner.institute_id} and standard_id in ${ownerStandards} order by id limit 1`,
    );
    const otherSubject = await one(
      sql`select id from subjects where institute_id = ${owner.institute_id} and standard_id not in ${ownerStandards} order by id limit 1`,
    );
    const apexSubject = await one(
      sql`select id from subjects where institute_id = ${neha.institute_id} order by id limit 1`,
    );

    // Documents: a downloadable PDF shared with the paid course only the owner bought (a subject's documents are
    // every classmate's), one shared with another standard's free course here, and the other institute's.
    const sharedWith = (courseId: number, title: string) =>
      one(
        sql`insert into documents (institute_id, course_id, category, title, kind, file_name, file_key, is_readonly, shared_on)
          select institute_id, ${courseId}, category, ${title}, kind, file_name, file_key, false, shared_on
          from documents where institute_id = ${owner.institute_id} and title = 'Unit test paper' returning id`,
      );
    const ownerDocument = await sharedWith(ownerCourse, 'Cell paper');
    const otherDocument = await sharedWith(otherCourse, 'Other standard paper');
    const apexDocument = await one(
      sql`select id from documents where institute_id = ${neha.institute_id} and subject_id is not null and title = 'Unit test paper' order by id limit 1`,
    );

    // Reports: the owner's released attempt and a question of it; a question of a test the owner never took
    // here, and one of the other institute.
    const reportTestId = await one(
      sql`select a.test_id as id from exam_attempts a join exam_tests t on t.institute_id = a.institute_id and t.id = a.test_id
        where a.institute_id = ${owner.institute_id} and a.user_id = ${owner.user_id} and a.submitted_at is not null
        and t.is_result_published order by a.id limit 1`,
    );
    const reportQuestion = await one(
      sql`select id from exam_questions where institute_id = ${owner.institute_id} and test_id = ${reportTestId} order by question_no limit 1`,
    );
    const otherQuestion = await one(
      sql`select q.id from exam_questions q where q.institute_id = ${owner.institute_id} and not exists (select 1 from exam_attempts a
        where a.institute_id = q.institute_id and a.test_id = q.test_id and a.user_id = ${owner.user_id}) order by q.id limit 1`,
    );
    const apexQuestion = await one(
      sql`select id from exam_questions where institute_id = ${neha.institute_id} order by id limit 1`,
    );

    ids = {
      academicYearId: owner.current_acad_yr_id!,
      receiptNo: fees.p_install_li[0].f_rec_no,
      receiptFinYear: fees.p_install_li[0].financial_yr,
      liveSessionId: started.session_id,
      recordingId: awsRecording.download_id,
      batchId: ownerBatch,
      testId: ownerTest,
      reportTestId,
      questionId: reportQuestion,
      examLabelId: ownerLabel!.id,
      courseId: ownerCourse,
      courseProductId: ownerCourseProduct,
      libraryFileId: ownerFile,
      videoId: 'cells-owner-video',
      subjectId: ownerSubject,
      documentId: ownerDocument,
      instituteId: owner.institute_id,
      studentId: owner.student_id!,
      userId: owner.user_id,
      accountUserId: owner.user_id,
      userType: owner.user_type,
      fileId: evaluated.file_id,
      draftFileId: draft.file_id,
      ownAttachmentId: files.json().result.student_attachment[0].attachment_id,
      productId: purchased.json().result[0].id,
      phone: `+${owner.country_calling_code.replace(/^\+/, '')}${owner.student_phone}`,
      foreign: {
        institute: [neha.institute_id],
        student: [other.student_id, neha.student_id],
        user: [other.user_id, neha.user_id],
        account: [other.user_id, neha.user_id],
        userType: [2, 99],
        device: ['another-device'],
        assignment: [otherAssignment, apexAssignment],
        attachment: [otherAttachment, apexAttachment],
        product: [unboughtProduct, apexProduct],
        choice: [other.user_id, neha.user_id],
        test: [unassignedTest, apexTest],
        testLabel: [apexLabel],
        // The owner's parent here, and a parent of the other institute.
        phone: ['+919000000002', '+919100000002'],
        academicYear: [apexYear],
        receipt: [
          await receiptOf(owner.institute_id, other.student_id),
          await receiptOf(neha.institute_id, neha.student_id),
        ],
        classSession: [otherSession!, apexSession],
        recording: [otherRecording!, apexRecording],
        batch: [otherBatch, apexBatch],
        viewer: [other.student_id, neha.student_id],
        course: [otherCourse, apexCourse],
        courseProduct: [unboughtProduct, apexProduct],
        subject: [otherSubject, apexSubject],
        libraryFile: [otherFile, apexFile],
        document: [otherDocument, apexDocument],
        video: ['cells-other-video', 'cells-apex-video'],
        question: [otherQuestion, apexQuestion],
      },
    };
  });
  afterAll(() => app.close());

  it('has an example call for every endpoint, so a new route is covered the day it is added', () => {
    const missing = allEndpoints.map((endpoint) => endpoint.id).filter((id) => !(id in examples));
    // And each example once, in the cells file of the area that serves its endpoint (both lists in one report).
    expect({ missing, misfiled }).toEqual({ missing: [], misfiled: [] });
  });

  // Endpoints that end the caller's session run last, and the caller signs in again after each allowed call.
  const endsSession = new Set(['auth.logout']);
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
