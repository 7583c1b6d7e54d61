import type { ExamTest } from '@campus/domain/exam/exam.contract';
import type { Bookmark, StudentReportAnswer, TestReportAnswer } from '@campus/domain/report/report.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { greenfieldStudent, mockBranding, storeSession, testDay } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import { reportTexts } from './screens/report.tsx';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function examTest(overrides: Partial<ExamTest> = {}): ExamTest {
  return {
    test_name: 'Unit test 1',
    test_id: 11,
    test_type_id: 4,
    start_date: '10-11-2026',
    end_date: '12-11-2026',
    test_start_date: '2026-11-10 09:00',
    test_end_date: '2026-11-12 09:00',
    start_timestamp: seconds(testDay(0)) - 11 * 86_400,
    end_timestamp: seconds(testDay(0)) - 9 * 86_400,
    duration: 45,
    total_attempts: 1,
    incomplete_attempts: 0,
    test_limit: 1,
    is_result_published: 1,
    is_submitted: 1,
    title: '',
    status: 'view',
    test_institute_id: 1,
    total_score: 9.5,
    total_marks: 21,
    ...overrides,
  };
}

const report: TestReportAnswer = {
  test_id: 11,
  test_name: 'Unit test 1',
  test_type_id: 4,
  is_result_published: 1,
  is_download_solution: 1,
  test_report: {
    rank: 2,
    total_score: 9.5,
    total_marks: 21,
    total_students: 4,
    right_ques_count: 3,
    wrong_ques_count: 1,
    left_ques_count: 2,
    total_attempted_time: 1200,
    percentile: 50,
    attempted_ques_count: 5,
  },
  topper_report: {
    marks_obtained: 12,
    maximum_marks: 21,
    total_correct_que: 4,
    total_incorrect_que: 0,
    total_attempted: 4,
    total_time_taken: 1800,
  },
  average_report: { marks: 7.5, correct: 2.5, incorrect: 0.75, attempted: 3.75, time_taken: 1200 },
  subject_wise_distribution: [
    {
      subject_name: 'Physics',
      total_score: 9.5,
      total_attempted_time: 1200,
      right_ques_count: 3,
      wrong_ques_count: 1,
      left_ques_count: 2,
      right_ques_marks: 8,
      wrong_ques_marks: -0.5,
    },
  ],
  question_wise_distribution: [
    { question_order: 1, is_correct: 1, student_answer: 'b', correct_answer: 'b', ques_type: 1, total_score: 4 },
  ],
  score_card_url: '/api/v1/scorecard/x.y',
  score_card_download_url: '/api/v1/scorecard/x.y/1',
};

const bookmark: Bookmark = {
  ques_id: 77,
  question: '<p>Which gas do plants take in?</p>',
  ques_type: 1,
  test_id: 11,
  test_name: 'Unit test 1',
  is_result_published: 1,
  date_time: '2026-11-10T09:10:00.000Z',
};

function mockReports({
  tests = [examTest()],
  bookmarks = [bookmark],
}: { tests?: ExamTest[]; bookmarks?: Bookmark[] } = {}) {
  const calls: { url: string; authorization: string | null; body?: unknown }[] = [];
  let current = [...bookmarks];
  const offline: StudentReportAnswer = {
    pastCourseExamSchdJson: [
      {
        course_Name: 'Class 8 A',
        pastCourseExamList: [
          {
            exam_id: 1,
            exam_date: '05-Oct-2026',
            exam_date_iso: '2026-10-05',
            start_time: '10:00',
            end_time: '11:00',
            attendance_status: 'P',
            courseLevelMarksObtain: 41,
            courseLevelTotalMarks: 50,
            courseLevelRank: 2,
            isAbsent: 'N',
            subjectWiseExamSchdList: [{ subject_name: 'Maths', marks_obtained: 41, total_marks: 50, rank: 2 }],
            subject_name: 'Maths',
            topic_name: 'Algebra',
            examDesc: 'Unit test',
            course_Name: 'Class 8 A',
          },
        ],
      },
    ],
    batchExamSchdJsons: { futureCourseExamSchdJson: [{ futureCourseExamList: [] }] },
    show_exam_rank: true,
  };
  server.use(
    http.get('*/student/testLabels', () =>
      HttpResponse.json({ data: [{ label_id: 7, label_name: 'Term Mock', test_type_id: 4, title: '' }] }),
    ),
    http.get('*/student/testLabels/:labelId/tests', () => HttpResponse.json({ data: tests })),
    http.get('*/api/v1/studentdashboard/testReports/:a/:u/:t/:s', ({ request }) => {
      calls.push({ url: request.url, authorization: request.headers.get('authorization') });
      return HttpResponse.json(report);
    }),
    http.get('*/api/v1/reports/Student/:studentId', () => HttpResponse.json(offline)),
    http.get('*/student/testLabels/bookmark/:userId', () => HttpResponse.json({ data: current })),
    http.post('*/student/testLabels/deleteBookmark', async ({ request }) => {
      const body = (await request.json()) as { question_id: number };
      calls.push({ url: request.url, authorization: request.headers.get('authorization'), body });
      current = current.filter((b) => b.ques_id !== body.question_id);
      return HttpResponse.json({ validate: 1, message: 'Bookmark removed successfully' });
    }),
  );
  return calls;
}

describe('Exam Reports (spec part 2 §2.4)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(9));
    mockBranding();
  });
  afterEach(() => vi.useRealTimers());

  it('asks for a test type, lists a published result with View and opens the Summary with its figures', async () => {
    const calls = mockReports({
      tests: [examTest(), examTest({ test_id: 12, test_name: 'Missed test', total_attempts: 0, is_submitted: 0 })],
    });
    storeSession(greenfieldStudent());
    renderRoute('/report');
    await screen.findByRole('heading', { level: 1, name: 'Exam Reports' });
    expect(screen.getByText(reportTexts.chooseLabel)).toBeInTheDocument();
    expect(screen.getByLabelText(reportTexts.sortByDate)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Term Mock' }));
    expect(await screen.findByText('Missed test')).toBeInTheDocument();
    expect(screen.getByText(reportTexts.noReport)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View' }));
    expect(await screen.findByText('50')).toBeInTheDocument();
    expect(screen.getByText('9.5/21')).toBeInTheDocument();
    expect(screen.getByText('0:20:00', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Score Card' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Comparison With Topper' })).toBeInTheDocument();
    expect(calls[0]!.url).toContain('/api/v1/studentdashboard/testReports/1001/101/11/-1');
    expect(calls[0]!.authorization).toBe('scorecard-credential');
  });

  it('hides Comparison With Topper for a practice test (type 2)', async () => {
    mockReports({ tests: [examTest({ test_type_id: 2, test_name: 'Drill' })] });
    storeSession(greenfieldStudent());
    renderRoute('/report');
    await userEvent.click(await screen.findByRole('button', { name: 'Term Mock' }));
    await userEvent.click(await screen.findByRole('button', { name: 'View' }));
    await screen.findByRole('tab', { name: 'Summary' });
    expect(screen.queryByRole('tab', { name: 'Comparison With Topper' })).not.toBeInTheDocument();
  });

  it('removes a bookmark only after the confirmation, and shows the empty state after', async () => {
    const calls = mockReports();
    storeSession(greenfieldStudent());
    renderRoute('/report');
    await userEvent.click(await screen.findByRole('button', { name: reportTexts.bookmarked }));
    expect(await screen.findByText('Which gas do plants take in?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove bookmark 77' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(reportTexts.removeBookmark)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.body)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Remove bookmark 77' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(reportTexts.noBookmark)).toBeInTheDocument();
    const removal = calls.find((c) => c.body)!;
    expect(removal.body).toEqual({ student_id: 5001, question_id: 77 });
    expect(removal.authorization).toBe('exam-credential');
  });

  it('lists offline results by batch with P in green, and the Analysis title', async () => {
    mockReports();
    storeSession(greenfieldStudent());
    renderRoute('/report');
    await userEvent.click(await screen.findByRole('tab', { name: 'Offline' }));
    expect(await screen.findByText('Class 8 A')).toBeInTheDocument();
    expect(screen.getByText('05-Oct-2026')).toBeInTheDocument();
    expect(screen.getByTestId('attendance')).toHaveTextContent('Attendance: P');
    await userEvent.click(screen.getByRole('tab', { name: 'Analysis' }));
    await waitFor(() => expect(screen.getByText(reportTexts.analysisTitle)).toBeInTheDocument());
  });
});
