import type { Session } from '@campus/domain/auth/auth.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { postLogin, signIn } from './auth-helpers.ts';
import { createTestApp, fixedNow } from './helpers.ts';

/** Who calls: the nine identities issue 6 names. */
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
const ownerMarkers = ['Aarav', '4321 8765', 'XXXX-XXXX-2109', 'Green Park', 'my-answers.txt', 'Maths Olympiad'];

interface Ids {
  instituteId: number;
  studentId: number;
  userId: number;
  fileId: number;
  ownAttachmentId: number;
  productId: number;
}

type Call = (ids: Ids) => {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  payload?: Record<string, unknown>;
  headers?: Record<string, string>;
};

/** Each route carrying an id, called with the owner's ids; which identities may read it. */
const routes: { name: string; call: Call; allowed: Identity[] }[] = [
  {
    name: 'GET /api/v1/academicYear/all/:instituteId',
    call: (ids) => ({ method: 'GET', url: `/api/v1/academicYear/all/${ids.instituteId}` }),
    allowed: ['owner', 'otherStudent', 'parentOfOwner', 'parentOfOther', 'openCourse'],
  },
  {
    name: 'GET …/fetchAnnouncementForStudent/:instituteId?student_id',
    call: (ids) => ({
      method: 'GET',
      url: `/api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/${ids.instituteId}?is_active=true&student_id=${ids.studentId}`,
    }),
    allowed: ['owner', 'parentOfOwner'],
  },
  {
    name: 'GET /api/v1/students/get-student-detail/:institute_id/:stud_id',
    call: (ids) => ({ method: 'GET', url: `/api/v1/students/get-student-detail/${ids.instituteId}/${ids.studentId}` }),
    allowed: ['owner', 'parentOfOwner'],
  },
  {
    name: 'PUT /api/v1/profiles/update/:institute_id/:user_id',
    call: (ids) => ({
      method: 'PUT',
      url: `/api/v1/profiles/update/${ids.instituteId}/${ids.userId}`,
      payload: { birth_place: 'Pune' },
    }),
    allowed: ['owner'],
  },
  {
    name: 'GET /prod/student-product/my-products (x-prod-user-id)',
    call: (ids) => ({
      method: 'GET',
      url: '/prod/student-product/my-products',
      headers: { 'x-prod-user-id': String(ids.userId), 'x-prod-inst-id': String(ids.instituteId) },
    }),
    allowed: ['owner', 'parentOfOwner'],
  },
  {
    name: 'GET /prod/student-product/item-type-description/:id',
    call: (ids) => ({
      method: 'GET',
      url: `/prod/student-product/item-type-description/${ids.productId}`,
      headers: { 'x-prod-inst-id': String(ids.instituteId) },
    }),
    allowed: ['owner', 'parentOfOwner'],
  },
  {
    name: 'POST /api/v2/onlineAssignment/student/getAssignmentsDetail',
    call: (ids) => ({
      method: 'POST',
      url: '/api/v2/onlineAssignment/student/getAssignmentsDetail',
      payload: { category_id: 255, institute_id: ids.instituteId, student_id: ids.studentId },
    }),
    allowed: ['owner', 'parentOfOwner'],
  },
  {
    name: 'GET /api/v2/onlineAssignment/get/:instituteId/:fileId',
    call: (ids) => ({ method: 'GET', url: `/api/v2/onlineAssignment/get/${ids.instituteId}/${ids.fileId}` }),
    allowed: ['owner', 'parentOfOwner'],
  },
  {
    name: 'GET …/studentAttachmentsDetail/:instituteId/:studentId/:fileId',
    call: (ids) => ({
      method: 'GET',
      url: `/api/v2/onlineAssignment/studentAttachmentsDetail/${ids.instituteId}/${ids.studentId}/${ids.fileId}`,
    }),
    allowed: ['owner', 'parentOfOwner'],
  },
  {
    name: 'GET …/getAssignmentSolution/:instituteId/:studentId/:fileId',
    call: (ids) => ({
      method: 'GET',
      url: `/api/v2/onlineAssignment/getAssignmentSolution/${ids.instituteId}/${ids.studentId}/${ids.fileId}`,
    }),
    allowed: ['owner', 'parentOfOwner'],
  },
  {
    name: 'POST /api/v2/onlineAssignment/downloadFile (own attachment)',
    call: (ids) => ({
      method: 'POST',
      url: '/api/v2/onlineAssignment/downloadFile',
      payload: { attachmentId_array: [ids.ownAttachmentId], institute_id: ids.instituteId },
    }),
    allowed: ['owner', 'parentOfOwner'],
  },
];

describe('the access matrix, cell by cell', () => {
  let app: App;
  let clock = fixedNow;
  const sessions = new Map<Identity, { session?: Session; host: string }>();
  let ids: Ids;

  beforeAll(async () => {
    app = await createTestApp({ now: () => clock, rateLimits: { loginPerMinute: 10_000 } });
    const owner = await signIn(app, { user_name: '9000000001' });
    const roles = (await postLogin(app, { user_name: '9000000002' })).json().result;
    const meera = (await postLogin(app, { user_name: '9000000003' })).json().result;
    const parentEntry = meera.find((entry: { display: string }) => entry.display === 'parent_student');
    const neha = await signIn(app, { user_name: 'student@apex.test' }, { host: 'apex.localhost' });
    sessions.set('anonymous', { host: 'localhost' });
    sessions.set('owner', { session: owner, host: 'localhost' });
    // The owner's own credential after midnight: each 'expired' call moves the clock past the end of the day.
    sessions.set('expired', { session: owner, host: 'localhost' });
    sessions.set('otherStudent', { session: await signIn(app, { user_name: '9800000000' }), host: 'localhost' });
    sessions.set('parentOfOwner', {
      session: await signIn(app, { user_name: '9000000002', user_type: 2, user_id: roles[0].user_id }),
      host: 'localhost',
    });
    sessions.set('parentOfOther', {
      session: await signIn(app, { user_name: '9000000003', user_type: 2, user_id: parentEntry.user_id }),
      host: 'localhost',
    });
    sessions.set('openCourse', {
      session: await signIn(app, { user_name: 'learner@greenfield.test' }),
      host: 'localhost',
    });
    sessions.set('otherInstitute', { session: neha, host: 'apex.localhost' });
    sessions.set('otherInstituteHere', { session: neha, host: 'localhost' });

    const headers = { authorization: owner.student_auth };
    const list = await app.inject({
      method: 'POST',
      url: '/api/v2/onlineAssignment/student/getAssignmentsDetail',
      headers,
      payload: { category_id: 255, institute_id: owner.institute_id, student_id: owner.student_id },
    });
    const evaluated = list
      .json()
      .result.past_online_assignment_list.find(
        (item: { title: string }) => item.title === 'Lab record: acids and bases',
      );
    const files = await app.inject({
      method: 'GET',
      url: `/api/v2/onlineAssignment/studentAttachmentsDetail/${owner.institute_id}/${owner.student_id}/${evaluated.file_id}`,
      headers,
    });
    const products = await app.inject({
      method: 'GET',
      url: '/prod/student-product/my-products',
      headers: { ...headers, 'x-prod-user-id': String(owner.user_id), 'x-prod-inst-id': String(owner.institute_id) },
    });
    ids = {
      instituteId: owner.institute_id,
      studentId: owner.student_id!,
      userId: owner.user_id,
      fileId: evaluated.file_id,
      ownAttachmentId: files.json().result.student_attachment[0].attachment_id,
      productId: products.json().result[0].id,
    };
  });
  afterAll(() => app.close());

  for (const route of routes) {
    for (const identity of identities) {
      const expected = route.allowed.includes(identity) ? 'allow' : 'deny';
      it(`${route.name} as ${identity}: ${expected}`, async () => {
        const { session, host } = sessions.get(identity)!;
        const request = route.call(ids);
        if (identity === 'expired') clock = new Date('2026-11-21T18:30:01Z');
        const response = await app.inject({
          method: request.method,
          url: request.url,
          headers: { host, ...(session ? { authorization: session.student_auth } : {}), ...request.headers },
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
        clock = fixedNow;
        if (expected === 'allow') {
          expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
        } else {
          expect([401, 403, 404], response.body.slice(0, 200)).toContain(response.statusCode);
          for (const marker of ownerMarkers) expect(response.body).not.toContain(marker);
        }
      });
    }
  }
});
