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
  /** The study library course of the student's standard this year (5,000 files). */
  courseId: number;
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
      (select c.id from library_courses c join batches b on b.institute_id = c.institute_id and b.standard_id = c.standard_id
        join enrolments e on e.institute_id = b.institute_id and e.batch_id = b.id
        where e.student_id = s.student_id and e.academic_year_id = cy.id order by c.id limit 1) as course_id,
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
      courseId: Number(row.course_id),
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
    name: 'fees',
    method: 'GET',
    path: (id) => `/api/v1/studentWise/fee/${id.instituteId}/students/${id.studentId}/${id.academicYearId}`,
  },
  {
    name: 'my products',
    method: 'GET',
    path: () => '/prod/student-product/my-products',
    headers: (id) => ({ 'x-prod-user-id': String(id.userId), 'x-prod-inst-id': String(id.instituteId) }),
  },
  {
    name: 'event calendar',
    method: 'POST',
    path: () => '/api/v1/holiday_manager/getDetail',
    body: (id) => ({
      institution_id: id.instituteId,
      month: 11,
      year: 2026,
      student_id: id.studentId,
      is_all_event_for_student: false,
      event_type: 0,
      search_date: null,
      is_yearly_view: false,
    }),
  },
  {
    name: 'timetable month',
    method: 'POST',
    path: () => '/api/v2/timeTable/v3',
    body: (id) => ({
      batch_id: -1,
      course_id: -1,
      standard_id: -1,
      subject_id: -1,
      teacher_id: -1,
      master_course: '',
      startdate: '2026-11-01',
      enddate: '2026-11-30',
      institute_id: id.instituteId,
      student_id: id.studentId,
      isCourseStructureTimeTable: 'N',
      isExamIncludedInTimeTable: 'Y',
      is_included_online_class: 'Y',
      is_included_online_exam: 'Y',
    }),
  },
  {
    name: 'live upcoming',
    method: 'POST',
    path: (id) => `/api/v1/meeting_manager/getMeetingV2/${id.instituteId}`,
    body: (id) => ({
      institution_id: id.instituteId,
      user_id: id.userId,
      page_offset: 0,
      page_size: -1,
      live_future_past: 1,
      category: 3,
      from_date: '21-11-2026',
      to_date: '21-12-2026',
    }),
  },
  {
    name: 'live past',
    method: 'POST',
    path: (id) => `/api/v1/meeting_manager/getMeetingV2/${id.instituteId}`,
    body: (id) => ({
      institution_id: id.instituteId,
      user_id: id.userId,
      page_offset: 0,
      page_size: -1,
      live_future_past: 2,
      category: 3,
      from_date: '01-11-2026',
      to_date: '21-11-2026',
    }),
  },
  {
    name: 'study material',
    method: 'POST',
    path: () => '/api/v1/instFileSystem/get-study-material',
    body: (id) => ({ ecourse_id: id.courseId, institute_id: id.instituteId, product_id: 0 }),
  },
];

/** The routes the reference server (bench/reference.ts) answers too. */
export const referenceRoutes = ['academic years', 'announcements', 'timetable month'] as const;

/** The headers a route's request carries for `person`. */
export const requestHeaders = (route: Route, person: Identity): Record<string, string> => ({
  host: 'localhost',
  authorization: person.credential,
  'content-type': 'application/json',
  ...route.headers?.(person),
});
