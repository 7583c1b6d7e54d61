import type { AccessRule } from './types.d.ts';

/**
 * Who may call each route — the one place every route is declared. A route missing here stops the server
 * from starting, and a test fails on an entry with no route. Rules:
 * - anonymous: anyone;
 * - session: any signed-in user of the host's institute (students, parents, open-course users) — reads;
 * - student: a signed-in user who is not a parent — the user's own writes (parents only view);
 * - examdesk / scorecard: the scoped credentials of the exam service and the score card;
 * - apiKey: an institute's own system, by its API key (server to server).
 * Every session rule also requires the session's institute to be the host's.
 */
export const accessMatrix = {
  'GET /healthz': 'anonymous',
  'GET /readyz': 'anonymous',
  'GET /api/v1/institutes/getLogoAndFavIcon': 'anonymous',
  'POST /api/v2/user/v3/login': 'anonymous',
  'POST /api/v2/user/forgotPassword': 'anonymous',
  'POST /prod/ext/sso/login': 'anonymous',
  'POST /api/v1/sso/link': 'apiKey',
  'GET /api/v1/academicYear/all/:instituteId': 'session',
  'GET /api/v1/alternateLogin/logout': 'session',
  'POST /api/v1/changePwd': 'session',
  // The signature in the address is the authorisation; the route that issued it checked the user.
  'GET /api/v1/files/:token': 'anonymous',
  'GET /api/v1/banner-prom/for_student/:userType': 'session',
  'GET /api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/:instituteId': 'session',
  'GET /api/v1/students/get-student-detail/:institute_id/:stud_id': 'session',
  'PUT /api/v1/profiles/update/:institute_id/:user_id': 'student',
  'GET /prod/student-product/my-products': 'session',
  'GET /prod/student-product/item-type-description/:id': 'session',
  'POST /api/v2/onlineAssignment/student/getAssignmentsDetail': 'session',
  'GET /api/v2/onlineAssignment/get/:instituteId/:fileId': 'session',
  'GET /api/v2/onlineAssignment/studentAttachmentsDetail/:instituteId/:studentId/:fileId': 'session',
  'GET /api/v2/onlineAssignment/getAssignmentSolution/:instituteId/:studentId/:fileId': 'session',
  'POST /api/v2/onlineAssignment/downloadFile': 'session',
  'POST /api/v2/onlineAssignment/student/updateAssignment': 'student',
} as const satisfies Record<string, AccessRule>;

/** Routes outside the matrix because they only serve public files: the web app and the API docs. */
export const isStaticRoute = (url: string) => url.startsWith('/my-account') || url.startsWith('/docs');

/** The rule for a registered route; HEAD routes Fastify adds for GET share the GET rule. */
export function accessRuleFor(method: string, url: string): AccessRule | undefined {
  const key = `${method === 'HEAD' ? 'GET' : method} ${url}`;
  return (accessMatrix as Record<string, AccessRule>)[key];
}
