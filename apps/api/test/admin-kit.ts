// Shared by the admin API and import tests: an admin key for a test institute, and a hand-made example of every
// kind (two rows, a change, a broken row) that a load in adminKinds order accepts.
import type { AdminKind } from '@campus/domain/admin/admin.endpoints';
import type { Db } from '../src/db/client.ts';
import { adminApiKeys } from '../src/db/schema/admin.ts';
import { hashToken, newToken } from '../src/lib/tokens.ts';

/** Creates an admin API key for an institute and answers it (the CLI does the same). */
export async function createAdminKey(db: Db, instituteId: number, name = `key-${newToken().slice(0, 6)}`) {
  const key = `cpa_${newToken()}`;
  const [row] = await db
    .insert(adminApiKeys)
    .values({ instituteId, name, keyHash: hashToken(key) })
    .returning({ id: adminApiKeys.id });
  return { key, id: row!.id, name };
}

/** A kind's example: two rows, a change to the first, and a row that breaks `field`. */
export interface KindExample {
  kind: AdminKind;
  rows: Record<string, unknown>[];
  change: Record<string, unknown>;
  broken: { row: Record<string, unknown>; field: string };
  /** Rows that never change once written (payments: the receipt is issued): `change` is refused. */
  immutable?: string;
}

export const kindExamples: KindExample[] = [
  {
    kind: 'academic-years',
    rows: [
      { external_id: 'AY2026', name: '2026-27', start_date: '01-04-2026', end_date: '31-03-2027' },
      { external_id: 'AY2025', name: '2025-26', start_date: '2025-04-01', end_date: '2026-03-31' },
    ],
    change: { name: '2026-2027' },
    broken: {
      row: { external_id: 'AYX', name: 'x', start_date: '31-02-2026', end_date: '2026-03-01' },
      field: 'start_date',
    },
  },
  {
    kind: 'standards',
    rows: [
      { external_id: 'STD6', name: 'Class 6' },
      { external_id: 'STD7', name: 'Class 7' },
    ],
    change: { name: 'Class VI' },
    broken: { row: { external_id: '', name: 'Class 8' }, field: 'external_id' },
  },
  {
    kind: 'batches',
    rows: [
      { external_id: '6A', standard_external_id: 'STD6', academic_year_external_id: 'AY2026', name: 'A' },
      { external_id: '7A', standard_external_id: 'STD7', academic_year_external_id: 'AY2026', name: 'A' },
    ],
    change: { name: 'A (morning)' },
    broken: {
      row: { external_id: '6Z', standard_external_id: 'STD9', academic_year_external_id: 'AY2026', name: 'Z' },
      field: 'standard_external_id',
    },
  },
  {
    kind: 'subjects',
    rows: [
      { external_id: 'MATH6', standard_external_id: 'STD6', name: 'Mathematics' },
      { external_id: 'SCI6', standard_external_id: 'STD6', name: 'Science' },
    ],
    change: { name: 'Maths' },
    broken: { row: { external_id: 'ENG6', standard_external_id: 'STD6', name: '' }, field: 'name' },
  },
  {
    kind: 'teachers',
    rows: [
      { external_id: 'T1', name: 'Anita Rao', phone: '9811111111' },
      { external_id: 'T2', name: 'Vikram Das', email: 'vikram@school.test' },
    ],
    change: { name: 'Anita Rao-Menon' },
    broken: { row: { external_id: 'T3', name: 'Sunil', email: 'not-an-email' }, field: 'email' },
  },
  {
    kind: 'students',
    rows: [
      { external_id: 'S1', name: 'Asha Verma', phone: '9822222221', password: 'first-pass-1', dob: '15-08-2014' },
      { external_id: 'S2', name: 'Ravi Kumar', email: 'ravi@school.test', admission_no: 'ADM-002' },
    ],
    change: { address: '12 Park Road' },
    broken: { row: { external_id: 'S3', name: 'Nobody' }, field: 'phone' },
  },
  {
    kind: 'parents',
    rows: [
      {
        external_id: 'P1',
        name: 'Meena Verma',
        phone: '9833333331',
        password: 'parent-pass-1',
        student_external_ids: 'S1',
      },
      { external_id: 'P2', name: 'Suresh Kumar', phone: '9833333332', sso_only: 'yes', student_external_ids: ['S2'] },
    ],
    change: { student_external_ids: 'S1|S2' },
    broken: {
      row: { external_id: 'P3', name: 'Lata', phone: '9833333333', student_external_ids: 'S9' },
      field: 'student_external_ids',
    },
  },
  {
    kind: 'enrolments',
    rows: [
      { student_external_id: 'S1', batch_external_id: '6A', roll_no: 1 },
      { student_external_id: 'S2', batch_external_id: '6A', roll_no: '2' },
    ],
    change: { roll_no: 5 },
    broken: { row: { student_external_id: 'S1', batch_external_id: '7A', roll_no: 'x' }, field: 'roll_no' },
  },
  {
    kind: 'announcements',
    rows: [
      {
        external_id: 'N1',
        title: 'Sports day on Friday',
        description_html: '<p>Come in sports uniform.</p>',
        announced_at: '20-11-2026 09:00',
        teacher_external_id: 'T1',
      },
      {
        external_id: 'N2',
        title: 'Class 6 trip to the museum',
        description_html: '<p>Bring a packed lunch.</p>',
        announced_at: '2026-11-19T10:00',
        batch_external_ids: '6A',
      },
    ],
    change: { title: 'Sports day moved to Saturday' },
    broken: {
      row: { external_id: 'N3', title: 'x', description_html: 'x', announced_at: 'yesterday' },
      field: 'announced_at',
    },
  },
  {
    kind: 'assignments',
    rows: [
      {
        external_id: 'H1',
        batch_external_id: '6A',
        subject_external_id: 'MATH6',
        title: 'Fractions worksheet',
        due_at: '25-11-2026 18:00',
        max_marks: '20',
      },
      {
        external_id: 'H2',
        batch_external_id: '6A',
        subject_external_id: 'SCI6',
        title: 'Parts of a plant',
        due_at: '2026-11-15T18:00',
        max_marks: 20,
        is_grade_enabled: 'yes',
        is_solution_released: 'yes',
      },
    ],
    change: { title: 'Fractions worksheet (both sides)' },
    broken: {
      row: {
        external_id: 'H3',
        batch_external_id: '6A',
        subject_external_id: 'MATH6',
        title: 'x',
        due_at: '25-11-2026 18:00',
        max_marks: 'lots',
      },
      field: 'max_marks',
    },
  },
  {
    kind: 'evaluations',
    rows: [
      { assignment_external_id: 'H2', student_external_id: 'S1', marks: '18', grade: 'A', comment: 'Well labelled' },
      { assignment_external_id: 'H2', student_external_id: 'S2', marks: 12 },
    ],
    change: { marks: 19 },
    broken: { row: { assignment_external_id: 'H9', student_external_id: 'S1' }, field: 'assignment_external_id' },
  },
  {
    kind: 'events',
    rows: [
      { external_id: 'E1', event_type: 1, title: 'Diwali holidays', start_date: '10-11-2026', end_date: '12-11-2026' },
      {
        external_id: 'E2',
        event_type: '2',
        holiday_type: '2',
        title: 'Sports day',
        start_date: '2026-11-27',
        end_date: '2026-11-27',
        start_time: '09:00',
        end_time: '13:00',
        standard_external_ids: 'STD6|STD7',
      },
    ],
    change: { title: 'Diwali break' },
    broken: {
      row: { external_id: 'E3', event_type: 5, title: 'x', start_date: '2026-11-01', end_date: '2026-11-01' },
      field: 'event_type',
    },
  },
  {
    kind: 'messages',
    rows: [
      { external_id: 'M1', phone: '9822222221', body: 'School closes early today.' },
      { external_id: 'M2', phone: '9833333331', body: 'Fees for term 2 are due.', sent_at: '20-11-2026 08:00' },
    ],
    change: { body: 'School closes at noon today.' },
    broken: { row: { external_id: 'M3', phone: '+91 98', body: 'x' }, field: 'phone' },
  },
  {
    kind: 'class-sessions',
    rows: [
      {
        external_id: 'CS1',
        batch_external_id: '6A',
        subject_external_id: 'MATH6',
        class_type: 'Class',
        starts_at: '23-11-2026 09:00',
        duration_minutes: 45,
        teacher_external_ids: 'T1',
      },
      {
        external_id: 'CS2',
        batch_external_id: '6A',
        subject_external_id: 'SCI6',
        class_type: 'Online Class',
        name: 'Photosynthesis live',
        starts_at: '2026-11-24T16:00',
        duration_minutes: '60',
        teacher_external_ids: ['T2', 'T1'],
        meeting_with: 'Zoom',
        session_link: 'https://zoom.example/j/123456',
      },
    ],
    change: { starts_at: '23-11-2026 10:00' },
    broken: {
      row: {
        external_id: 'CS3',
        batch_external_id: '6A',
        class_type: 'Online Class',
        starts_at: '24-11-2026 16:00',
        duration_minutes: 60,
        meeting_with: 'Zoom',
      },
      field: 'session_link',
    },
  },
  {
    kind: 'attendance',
    rows: [
      { class_session_external_id: 'CS1', student_external_id: 'S1', status: 'P', topics_covered: 'Fractions' },
      { class_session_external_id: 'CS1', student_external_id: 'S2', status: 'A', remark: 'Unwell' },
    ],
    change: { status: 'L' },
    broken: { row: { class_session_external_id: 'CS1', student_external_id: 'S1', status: 'X' }, field: 'status' },
  },
  {
    kind: 'fee-structures',
    rows: [
      {
        external_id: 'FS6',
        academic_year_external_id: 'AY2026',
        name: 'Class 6 tuition',
        standard_external_id: 'STD6',
        late_fine: '500',
        installment_due_dates: '10-04-2026|10-07-2026|10-10-2026',
        installment_amounts: '15000|15000|15000.50',
      },
      {
        external_id: 'FS6T',
        academic_year_external_id: 'AY2026',
        name: 'Transport',
        batch_external_id: '6A',
        installment_due_dates: ['2026-04-10'],
        installment_amounts: [6000],
      },
    ],
    change: { installment_amounts: '15000|15000|16000' },
    broken: {
      row: {
        external_id: 'FSX',
        academic_year_external_id: 'AY2026',
        name: 'x',
        installment_due_dates: '10-04-2026|10-07-2026',
        installment_amounts: '100',
      },
      field: 'installment_amounts',
    },
  },
  {
    kind: 'student-fees',
    rows: [
      { student_external_id: 'S1', fee_structure_external_id: 'FS6', discounts: '1000|0|0' },
      { student_external_id: 'S2', fee_structure_external_id: 'FS6' },
    ],
    change: { discounts: '2000|0|0' },
    broken: {
      row: { student_external_id: 'S1', fee_structure_external_id: 'FS6T', discounts: '1|2' },
      field: 'discounts',
    },
  },
  {
    kind: 'payments',
    rows: [
      {
        external_id: 'R-0001',
        student_external_id: 'S1',
        fee_structure_external_id: 'FS6',
        mode: 'Cash',
        paid_at: '05-04-2026 11:00',
        install_nos: '1',
        amounts: '13000',
      },
      {
        external_id: 'R-0002',
        receipt_no: 'GV-2026-0002',
        student_external_id: 'S2',
        fee_structure_external_id: 'FS6',
        mode: 'UPI',
        paid_at: '2026-07-20T10:00',
        install_nos: [1, 2],
        amounts: [15000, 15000],
        fines: [0, 500],
      },
    ],
    change: { mode: 'Cheque' },
    immutable: 'is a recorded payment whose receipt is issued, so it cannot change',
    broken: {
      row: {
        external_id: 'R-0003',
        student_external_id: 'S1',
        fee_structure_external_id: 'FS6',
        mode: 'Cash',
        paid_at: '05-04-2026 11:00',
        install_nos: '4',
        amounts: '100',
      },
      field: 'install_nos',
    },
  },
  {
    kind: 'recordings',
    rows: [
      {
        external_id: 'REC1',
        class_session_external_id: 'CS2',
        host: 'vimeo',
        provider_video_id: '76979871',
        name: 'Photosynthesis, part 1',
        duration_seconds: 1800,
        recorded_at: '24-11-2026 17:00',
      },
      {
        external_id: 'REC2',
        class_session_external_id: 'CS2',
        host: 'vdocipher',
        provider_video_id: 'a1b2c3d4e5',
        name: 'Photosynthesis, part 2',
        recorded_at: '2026-11-24T17:30',
      },
    ],
    change: { name: 'Photosynthesis (1 of 2)' },
    broken: {
      row: {
        external_id: 'REC3',
        class_session_external_id: 'CS2',
        host: 'youtube',
        provider_video_id: 'x',
        name: 'x',
        recorded_at: '24-11-2026 17:00',
      },
      field: 'host',
    },
  },
  {
    kind: 'library-courses',
    rows: [
      { external_id: 'LC6', standard_external_id: 'STD6', name: 'Class 6 study material' },
      { external_id: 'LC7', standard_external_id: 'STD7', name: 'Class 7 study material' },
    ],
    change: { name: 'Class 6 material' },
    broken: { row: { external_id: 'LC8', standard_external_id: 'STD8', name: 'x' }, field: 'standard_external_id' },
  },
  {
    kind: 'library-subjects',
    rows: [
      { external_id: 'LS6M', course_external_id: 'LC6', name: 'Mathematics', sort_order: 1 },
      { external_id: 'LS6S', course_external_id: 'LC6', name: 'Science', sort_order: '2' },
    ],
    change: { name: 'Maths' },
    broken: {
      row: { external_id: 'LS6E', course_external_id: 'LC6', name: 'English', sort_order: -1 },
      field: 'sort_order',
    },
  },
  {
    kind: 'library-topics',
    rows: [
      { external_id: 'LT-FR', subject_external_id: 'LS6M', name: 'Fractions' },
      { external_id: 'LT-PL', subject_external_id: 'LS6S', name: 'Plants', sort_order: 3 },
    ],
    change: { name: 'Fractions and decimals' },
    broken: { row: { external_id: 'LT-X', subject_external_id: 'LS9', name: 'x' }, field: 'subject_external_id' },
  },
  {
    kind: 'library-files',
    rows: [
      {
        external_id: 'LF1',
        topic_external_id: 'LT-FR',
        title: 'Adding fractions',
        type: 'YoutubeURL',
        kind: 'youtube',
        video_id: 'dQw4w9WgXcQ',
        shared_on: '01-11-2026',
      },
      {
        external_id: 'LF2',
        topic_external_id: 'LT-PL',
        title: 'How plants make food',
        type: 'Vimeo',
        kind: 'vimeo',
        video_id: '76979871',
        shared_on: '2026-11-02',
      },
    ],
    change: { title: 'Adding fractions (video)' },
    broken: {
      row: {
        external_id: 'LF3',
        topic_external_id: 'LT-FR',
        title: 'x',
        type: 'Notes',
        kind: 'pdf',
        video_id: 'x',
        shared_on: '01-11-2026',
      },
      field: 'kind',
    },
  },
  {
    kind: 'documents',
    rows: [
      {
        external_id: 'D1',
        subject_external_id: 'MATH6',
        category: 'Youtube',
        title: 'Fractions explained',
        kind: 'youtube',
        video_id: 'dQw4w9WgXcQ',
        shared_on: '03-11-2026',
      },
      {
        external_id: 'D2',
        course_external_id: 'LC6',
        category: 'Vimeo',
        title: 'Plant cells',
        kind: 'vimeo',
        video_id: '76979871',
        shared_on: '2026-11-04',
      },
    ],
    change: { title: 'Fractions, explained' },
    broken: {
      row: {
        external_id: 'D3',
        subject_external_id: 'MATH6',
        course_external_id: 'LC6',
        category: 'Other',
        title: 'x',
        kind: 'youtube',
        video_id: 'x',
        shared_on: '03-11-2026',
      },
      field: 'subject_external_id',
    },
  },
  {
    kind: 'tests',
    rows: [
      {
        external_id: 'TST1',
        name: 'Unit test 1: Fractions',
        test_type: 4,
        starts_at: '25-11-2026 10:00',
        ends_at: '25-11-2026 11:00',
        duration_minutes: 45,
        batch_external_ids: '6A',
      },
      {
        external_id: 'TST2',
        name: 'Practice: Plants',
        test_type: '2',
        starts_at: '2026-11-01T00:00',
        ends_at: '2026-11-30T23:59',
        duration_minutes: '30',
        test_limit: 3,
        is_result_published: 'yes',
        batch_external_ids: ['6A', '7A'],
      },
    ],
    change: { is_result_published: 'yes' },
    broken: {
      row: {
        external_id: 'TST3',
        name: 'x',
        test_type: 4,
        starts_at: '25-11-2026 10:00',
        ends_at: '25-11-2026 09:00',
        duration_minutes: 45,
      },
      field: 'ends_at',
    },
  },
  {
    kind: 'passages',
    rows: [
      { external_id: 'PSG-A', test_external_id: 'TST1', text: '<p>A pizza is cut into 8 equal slices.</p>' },
      { external_id: 'PSG-B', test_external_id: 'TST2', text: '<p>Leaves are green because of chlorophyll.</p>' },
    ],
    change: { text: '<p>A pizza is cut into 8 equal slices; Riya eats 3.</p>' },
    broken: { row: { external_id: 'PSG-C', test_external_id: 'TST1', text: ' ' }, field: 'text' },
  },
  {
    kind: 'questions',
    rows: [
      {
        external_id: 'Q1',
        test_external_id: 'TST1',
        question_no: 1,
        section: 'Mathematics',
        subject_external_id: 'MATH6',
        ques_type: 1,
        question: '<p>What is 1/2 + 1/4?</p>',
        options: '3/4|2/6|1/8',
        correct: 'a',
        marks: 4,
        negative_marks: 1,
      },
      {
        external_id: 'Q2',
        test_external_id: 'TST1',
        question_no: '2',
        section: 'Mathematics',
        ques_type: '3',
        question: '<p>Which are equal to 1/2?</p>',
        options: ['2/4', '3/6', '2/3'],
        correct: 'B|a',
        marks: '4',
        solution: '<p>2/4 and 3/6 both simplify to 1/2.</p>',
      },
    ],
    change: { marks: 5 },
    broken: {
      row: {
        external_id: 'Q3',
        test_external_id: 'TST1',
        question_no: 3,
        section: 'Mathematics',
        ques_type: 1,
        question: 'x',
        options: 'p|q',
        correct: 'c',
        marks: 1,
      },
      field: 'correct',
    },
  },
  {
    kind: 'offline-exams',
    rows: [
      {
        external_id: 'OX1',
        batch_external_id: '6A',
        exam_date: '14-11-2026',
        start_time: '09:00',
        end_time: '11:00',
        topic_name: 'Term 1',
        subjects: 'Mathematics|Science',
        total_marks: '50|50',
      },
      {
        external_id: 'OX2',
        batch_external_id: '7A',
        exam_date: '2026-12-02',
        start_time: '9:30',
        end_time: '10:30',
        description: 'Chapters 7 and 8',
        subjects: ['English'],
        total_marks: [100],
      },
    ],
    change: { topic_name: 'Term 1 (written)' },
    broken: {
      row: {
        external_id: 'OX3',
        batch_external_id: '6A',
        exam_date: '15-11-2026',
        start_time: '09:00',
        end_time: '10:00',
        subjects: 'Mathematics|Science',
        total_marks: '50',
      },
      field: 'total_marks',
    },
  },
  {
    kind: 'offline-results',
    rows: [
      {
        offline_exam_external_id: 'OX1',
        student_external_id: 'S1',
        subject: 'Mathematics',
        attendance: 'P',
        marks: 42,
        rank: 1,
      },
      { offline_exam_external_id: 'OX1', student_external_id: 'S2', subject: 'Mathematics', attendance: 'A' },
    ],
    change: { marks: '45.5' },
    broken: {
      row: {
        offline_exam_external_id: 'OX1',
        student_external_id: 'S1',
        subject: 'Science',
        attendance: 'P',
        marks: 'lots',
      },
      field: 'marks',
    },
  },
];
