// The access matrix, generated from the endpoint descriptors: every endpoint against the nine identities, and
// every id every descriptor declares swapped for another user's and another institute's. A new endpoint is covered
// the day it is added: it needs only an example call below, and the suite fails until it has one.
import type { Session } from '@campus/domain/auth/auth.contract';
import { fillPath, type BoundEndpoint, type DeclaredId, type IdKind } from '@campus/domain/shared/endpoint';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '../src/access/matrix.ts';
import type { App } from '../src/app.ts';
import { assignmentAttachments, assignments, productItemTypes, products } from '../src/db/schema/index.ts';
import { demoPassword } from '../src/db/seed/demo-accounts.ts';
import { postLogin, signIn, testDevice } from './auth-helpers.ts';
import { createTestApp, fixedNow } from './helpers.ts';
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

/** The owner's ids, and for each kind the values that name someone else's object (same and other institute). */
interface Ids {
  instituteId: number;
  studentId: number;
  userId: number;
  accountUserId: number;
  userType: number;
  fileId: number;
  draftFileId: number;
  ownAttachmentId: number;
  productId: number;
  /** The owner's phone as the messages call names it (`+919000000001`). */
  phone: string;
  foreign: Record<IdKind, unknown[]>;
}

/** A request part by part, as a descriptor places it. */
interface Input {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
  multipart?: Record<string, unknown>;
}

/**
 * A valid call of each endpoint with the owner's ids — one that the owner may make again and again without
 * changing what the other calls see (a password changed to itself, a draft saved with no file removed).
 */
const examples: Record<string, (ids: Ids) => Input> = {
  'shell.branding': () => ({ query: { virtualHostUrl: 'localhost' } }),
  'auth.login': (ids) => ({
    body: {
      user_name: '9000000001',
      password: demoPassword,
      device_id: testDevice,
      source: 'WEB',
      institute_id: ids.instituteId,
      user_id: ids.userId,
      user_type: 1,
    },
  }),
  'auth.forgotPassword': (ids) => ({
    body: { user_name: '9000000001', institute_id: ids.instituteId, choice_id: String(ids.userId), source: 'WEB' },
  }),
  'auth.academicYears': (ids) => ({ params: { instituteId: ids.instituteId } }),
  'auth.logout': () => ({ query: { deviceId: testDevice } }),
  'auth.changePassword': (ids) => ({
    body: {
      institute_id: ids.instituteId,
      userid: ids.accountUserId,
      oldPassword: demoPassword,
      newPassword: demoPassword,
    },
  }),
  'auth.ssoLink': () => ({ body: { login: '9000000001' } }),
  'auth.ssoExchange': () => ({ body: { token: 'not-a-token' } }),
  'files.file': () => ({ params: { token: 'not.signed' } }),
  'home.banners': (ids) => ({ params: { userType: ids.userType } }),
  'home.announcements': (ids) => ({
    params: { instituteId: ids.instituteId },
    query: { is_active: 'true', student_id: ids.studentId },
  }),
  'profile.profile': (ids) => ({ params: { institute_id: ids.instituteId, stud_id: ids.studentId } }),
  'profile.update': (ids) => ({
    params: { institute_id: ids.instituteId, user_id: ids.userId },
    body: { birth_place: 'Pune' },
  }),
  'products.myProducts': (ids) => ({
    headers: { 'x-prod-user-id': String(ids.userId), 'x-prod-inst-id': String(ids.instituteId) },
  }),
  'products.itemTypes': (ids) => ({
    params: { id: ids.productId },
    headers: { 'x-prod-inst-id': String(ids.instituteId) },
  }),
  'assignments.list': (ids) => ({
    body: { category_id: 255, institute_id: ids.instituteId, student_id: ids.studentId },
  }),
  'assignments.detail': (ids) => ({ params: { instituteId: ids.instituteId, fileId: ids.fileId } }),
  'assignments.studentAttachments': (ids) => ({
    params: { instituteId: ids.instituteId, studentId: ids.studentId, fileId: ids.fileId },
  }),
  'assignments.solution': (ids) => ({
    params: { instituteId: ids.instituteId, studentId: ids.studentId, fileId: ids.fileId },
  }),
  'assignments.download': (ids) => ({
    body: { attachmentId_array: [ids.ownAttachmentId], institute_id: ids.instituteId },
  }),
  'events.detail': (ids) => ({
    body: {
      institution_id: ids.instituteId,
      month: 11,
      year: 2026,
      student_id: ids.studentId,
      is_all_event_for_student: true,
      event_type: 0,
      search_date: null,
      is_yearly_view: false,
    },
  }),
  'events.forTimetable': (ids) => ({
    body: {
      institution_id: ids.instituteId,
      year: 2026,
      student_id: ids.studentId,
      event_start_Date: '2026-11-01',
      event_end_date: '2026-11-30',
    },
  }),
  'assignments.update': (ids) => ({
    multipart: {
      institute_id: ids.instituteId,
      category_id: 255,
      studentId_array: [ids.studentId],
      file_id: ids.draftFileId,
      student_status: 'Draft',
      student_comment: 'cell test',
      attachmentId_array: [],
      url_lists: [],
    },
  }),
  'messages.byPhone': (ids) => ({
    params: { instituteId: ids.instituteId, phone: ids.phone },
    query: { start_index: 0, batch_size: 1000 },
  }),
};

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
  choice: sameInstitute,
};

/** Who may make an endpoint's example call: derived from its access rule and its declared ids. */
function allowedIdentities(endpoint: BoundEndpoint): Identity[] {
  const base: Identity[] =
    endpoint.access === 'session'
      ? signedIn
      : endpoint.access === 'student'
        ? signedIn.filter((identity) => !identity.startsWith('parent'))
        : [];
  return base.filter((identity) => endpoint.ids.every((id) => satisfies[id.kind].includes(identity)));
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
      ...(session ? { authorization: session.student_auth } : {}),
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
    app = await createTestApp({
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

    ids = {
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
        // The owner's parent here, and a parent of the other institute.
        phone: ['+919000000002', '+919100000002'],
      },
    };
  });
  afterAll(() => app.close());

  it('has an example call for every endpoint, so a new route is covered the day it is added', () => {
    const missing = allEndpoints.map((endpoint) => endpoint.id).filter((id) => !(id in examples));
    expect(missing).toEqual([]);
    expect(Object.keys(examples).filter((id) => !allEndpoints.some((endpoint) => endpoint.id === id))).toEqual([]);
  });

  // Endpoints that end the caller's session run last, and the caller signs in again after each allowed call.
  const endsSession = new Set(['auth.logout']);
  const ordered = [...allEndpoints].sort((a, b) => Number(endsSession.has(a.id)) - Number(endsSession.has(b.id)));
  const sessionEndpoints = ordered.filter((endpoint) => ['session', 'student'].includes(endpoint.access));

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
