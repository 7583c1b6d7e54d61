import type { AssignmentDetail, AssignmentListItem } from '@campus/domain/assignments/assignments.contract';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server.ts';
import type { AssignmentSolution } from './api/get-assignment-solution.ts';
import type { StudentAttachment } from './api/get-student-attachments.ts';

/** Test data and mocked endpoints of the assignment screens (Greenfield institute 1, student 5001). */

export const listItem = (overrides: Partial<AssignmentListItem> = {}): AssignmentListItem => ({
  file_id: 11,
  title: 'Photosynthesis essay',
  course_name: 'Class 8 - A',
  subject_name: 'Science',
  end_date: '2026-11-26T12:30:00Z',
  days_left: 5,
  time_left: '',
  student_status: 'Pending',
  teacher_status: 'Pending',
  ...overrides,
});

/** Ongoing: one of each ongoing status; the badge cases 0, 1, 5 and 8 days. */
export const ongoingItems: AssignmentListItem[] = [
  listItem({ file_id: 11, title: 'Photosynthesis essay', days_left: 0, time_left: '05:20' }),
  listItem({
    file_id: 12,
    title: 'Fractions worksheet',
    subject_name: 'Mathematics',
    days_left: 1,
    student_status: 'Draft',
  }),
  listItem({ file_id: 13, title: 'Poem recital', subject_name: 'English', days_left: 5, student_status: 'Submitted' }),
  listItem({
    file_id: 14,
    title: 'Map work',
    subject_name: 'Geography',
    course_name: 'Class 8 - B',
    days_left: 8,
    student_status: 'Submitted',
    teacher_status: 'Evaluated',
  }),
];

/** Past: one of each past status. */
export const pastItems: AssignmentListItem[] = [
  listItem({ file_id: 21, title: 'Old essay', days_left: -1, student_status: 'Submitted' }),
  listItem({ file_id: 22, title: 'Late lab report', days_left: -1, student_status: 'Not Submitted' }),
  listItem({
    file_id: 23,
    title: 'Graded quiz',
    days_left: -1,
    student_status: 'Submitted',
    teacher_status: 'Evaluated',
  }),
  listItem({ file_id: 24, title: 'Missed worksheet', days_left: -1, student_status: 'Expired' }),
];

/** Answers the list call; returns the bodies it received. */
export function mockAssignmentList(upcoming = ongoingItems, past = pastItems) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/v2/onlineAssignment/student/getAssignmentsDetail', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({
        statusCode: 200,
        message: 'success',
        result: { upcoming_online_assignment_list: upcoming, past_online_assignment_list: past },
      });
    }),
  );
  return bodies;
}

export const assignmentDetail = (overrides: Partial<AssignmentDetail> = {}): AssignmentDetail => ({
  file_id: 11,
  title: 'Photosynthesis essay',
  subject_name: 'Science',
  topic_name: 'Plants',
  sub_topic_name: 'How leaves make food',
  end_date: '2026-11-26T12:30:00Z',
  course_name: 'Class 8 - A',
  // As the server sends it: already sanitised (apps/api/src/lib/staff-html.ts).
  description: '<p>Write <strong>300 words</strong>.</p>',
  attachment_lists: [
    { attachment_id: 31, attachment_url: '/files/t31?sig=old', attachment_display_name: 'worksheet.pdf', size: 524288 },
  ],
  student_status: 'Pending',
  teacher_status: 'Pending',
  days_left: 5,
  time_left: '',
  allow_assignment_late_submission: 'N',
  evaluation_required: 'Y',
  enable_grade: 'Y',
  grade: '',
  evaluation_marks: 20,
  student_marks: null,
  teacher_comment: '',
  student_comment: '',
  ...overrides,
});

export const studentFile = (overrides: Partial<StudentAttachment> = {}): StudentAttachment => ({
  attachment_id: 41,
  attachment_url: '/files/s41?sig=old',
  attachment_display_name: 'my-answer.pdf',
  size: 1048576,
  is_link: false,
  remarks: '',
  ...overrides,
});

export const studentLink = (id: number, name = `Link ${id}`): StudentAttachment => ({
  attachment_id: id,
  attachment_url: `https://example.com/${id}`,
  attachment_display_name: name,
  size: 0,
  is_link: true,
  remarks: '',
});

export interface DetailMocks {
  detail?: AssignmentDetail;
  previous?: StudentAttachment[];
  solution?: AssignmentSolution | 'fail';
}

/** Answers the detail, student attachments and solution calls of institute 1, student 5001. */
export function mockAssignmentDetail({
  detail = assignmentDetail(),
  previous = [],
  solution = { is_released: false, solution_attachments: [] },
}: DetailMocks = {}) {
  server.use(
    http.get(`*/api/v2/onlineAssignment/get/1/${detail.file_id}`, () =>
      HttpResponse.json({ statusCode: 200, message: 'success', result: detail }),
    ),
    http.get(`*/api/v2/onlineAssignment/studentAttachmentsDetail/1/5001/${detail.file_id}`, () =>
      HttpResponse.json({ statusCode: 200, message: 'success', result: { student_attachment: previous } }),
    ),
    http.get(`*/api/v2/onlineAssignment/getAssignmentSolution/1/5001/${detail.file_id}`, () =>
      solution === 'fail'
        ? HttpResponse.json({ code: 'INTERNAL', message: 'Internal Server Error' }, { status: 500 })
        : HttpResponse.json({ statusCode: 200, message: 'success', result: solution }),
    ),
  );
}

/** Answers downloadFile with a fresh signed address per call; returns the bodies received. */
export function mockDownload() {
  const bodies: { attachmentId_array: number[]; institute_id: number }[] = [];
  server.use(
    http.post('*/api/v2/onlineAssignment/downloadFile', async ({ request }) => {
      const body = (await request.json()) as { attachmentId_array: number[]; institute_id: number };
      bodies.push(body);
      const url = `/api/v2/onlineAssignment/files/${body.attachmentId_array[0]}?sig=fresh-${bodies.length}`;
      return HttpResponse.json({ statusCode: 200, message: 'success', result: { body: url, bodies: [url] } });
    }),
  );
  return bodies;
}

/** What the update endpoint received. */
export interface ReceivedUpdate {
  parts: string[];
  json: unknown;
  files: { name: string; size: number }[];
  idempotencyKey: string | null;
  authorization: string | null;
  source: string | null;
}

/** Answers updateAssignment with `answer` (a success message by default); returns what it received. */
export function mockUpdate(answer: () => Response = () => HttpResponse.json({ statusCode: 200, message: 'ok' })) {
  const received: ReceivedUpdate[] = [];
  server.use(
    http.post('*/api/v2/onlineAssignment/student/updateAssignment', async ({ request }) => {
      const form = await request.formData();
      const files = form.getAll('files') as File[];
      received.push({
        parts: [...form.keys()],
        json: JSON.parse(String(form.get('fileJson'))),
        files: files.map((file) => ({ name: file.name, size: file.size })),
        idempotencyKey: request.headers.get('idempotency-key'),
        authorization: request.headers.get('authorization'),
        source: request.headers.get('source'),
      });
      return answer();
    }),
  );
  return received;
}

/** A success answer of updateAssignment with the server's message. */
export const updateAnswer = (message: string) => () => HttpResponse.json({ statusCode: 200, message });

/** A File of `size` bytes without allocating them. */
export function fileOfSize(name: string, size: number, type = 'application/pdf') {
  const file = new File(['%PDF-1.7'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
