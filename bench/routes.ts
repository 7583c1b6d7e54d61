// The read routes of a student's day that the benchmark loads, and the bench students who call them.
import { sql } from 'drizzle-orm';
import { encodeCredential } from '../packages/domain/src/auth/credential.ts';
import type { Database } from '../apps/api/src/db/client.ts';
import { benchDevice, benchToken } from './data.ts';

export interface Identity {
  credential: string;
  token: string;
  instituteId: number;
  studentId: number;
  userId: number;
  academicYearId: number;
  fileId: number;
}

export interface Route {
  name: string;
  method: 'GET' | 'POST';
  path: (id: Identity) => string;
  body?: (id: Identity) => unknown;
  headers?: (id: Identity) => Record<string, string>;
}

/** The students behind the generated sessions, with an assignment of each one's batch. */
export async function identities(database: Database): Promise<Identity[]> {
  const result = await database.db.execute(sql`
    select s.institute_id, s.student_id, s.user_id, cy.id as year_id,
      (select a.id from assignments a join enrolments e on e.institute_id = a.institute_id and e.batch_id = a.batch_id
        where e.student_id = s.student_id and e.academic_year_id = cy.id order by a.id limit 1) as file_id,
      row_number() over (order by s.id) as n
    from sessions s join academic_years cy on cy.institute_id = s.institute_id and cy.name = '2026-27'
    where s.login_id like 'bench-%' order by s.id`);
  return (result as unknown as { rows: Record<string, number>[] }).rows.map((row) => {
    const token = benchToken(Number(row.n));
    return {
      credential: encodeCredential({ token, academicYearId: Number(row.year_id), deviceId: benchDevice }),
      token,
      instituteId: Number(row.institute_id),
      studentId: Number(row.student_id),
      userId: Number(row.user_id),
      academicYearId: Number(row.year_id),
      fileId: Number(row.file_id),
    };
  });
}

/** The read routes of a student's day. */
export const routes: Route[] = [
  { name: 'academic years', method: 'GET', path: (id) => `/api/v1/academicYear/all/${id.instituteId}` },
  { name: 'banners', method: 'GET', path: () => '/api/v1/banner-prom/for_student/1' },
  {
    name: 'announcements',
    method: 'GET',
    path: (id) =>
      `/api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/${id.instituteId}?is_active=true&student_id=${id.studentId}`,
  },
  {
    name: 'assignment list',
    method: 'POST',
    path: () => '/api/v2/onlineAssignment/student/getAssignmentsDetail',
    body: (id) => ({ category_id: 255, institute_id: id.instituteId, student_id: id.studentId }),
  },
  {
    name: 'assignment detail',
    method: 'GET',
    path: (id) => `/api/v2/onlineAssignment/get/${id.instituteId}/${id.fileId}`,
  },
  {
    name: 'profile',
    method: 'GET',
    path: (id) => `/api/v1/students/get-student-detail/${id.instituteId}/${id.studentId}`,
  },
  {
    name: 'my products',
    method: 'GET',
    path: () => '/prod/student-product/my-products',
    headers: (id) => ({ 'x-prod-user-id': String(id.userId), 'x-prod-inst-id': String(id.instituteId) }),
  },
];

/** The routes the reference server (bench/reference.ts) answers too. */
export const referenceRoutes = ['academic years', 'announcements'] as const;

/** The headers a route's request carries for `person`. */
export const requestHeaders = (route: Route, person: Identity): Record<string, string> => ({
  host: 'localhost',
  authorization: person.credential,
  'content-type': 'application/json',
  ...route.headers?.(person),
});
