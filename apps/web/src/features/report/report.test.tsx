import type { ExamTest } from '@campus/domain/exam/exam.contract';
import type {
  Bookmark,
  BookmarkDetail,
  OfflineExam,
  StudentReportAnswer,
  TestReportAnswer,
} from '@campus/domain/report/report.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apexStudent,
  greenfieldParent,
  greenfieldStudent,
  mockBranding,
  storeSession,
  testDay,
} from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import { reportTexts } from './screens/report-common.tsx';

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
  offline = offlineAnswer(),
  answer = report,
}: { tests?: ExamTest[]; bookmarks?: Bookmark[]; offline?: StudentReportAnswer; answer?: TestReportAnswer } = {}) {
  const calls: { url: string; authorization: string | null; body?: unknown }[] = [];
  let current = [...bookmarks];
  server.use(
    http.get('*/student/testLabels', () =>
      HttpResponse.json({ data: [{ label_id: 7, label_name: 'Term Mock', test_type_id: 4, title: '' }] }),
    ),
    http.get('*/student/testLabels/:labelId/tests', () => HttpResponse.json({ data: tests })),
    http.get('*/api/v1/studentdashboard/testReports/:a/:u/:t/:s', ({ request }) => {
      calls.push({ url: request.url, authorization: request.headers.get('authorization') });
      return HttpResponse.json(answer);
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

/** One past offline exam record; `overrides` change it. */
function offlineExam(overrides: Partial<OfflineExam> = {}): OfflineExam {
  return {
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
    ...overrides,
  };
}

function offlineAnswer(list: OfflineExam[] = [offlineExam()]): StudentReportAnswer {
  return {
    pastCourseExamSchdJson: [{ course_Name: 'Class 8 A', pastCourseExamList: list }],
    batchExamSchdJsons: { futureCourseExamSchdJson: [{ futureCourseExamList: [] }] },
    show_exam_rank: true,
  };
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

  it('shows the question table with the own answers only while the answer key is withheld', async () => {
    mockReports({
      tests: [examTest({ test_type_id: 2, test_name: 'Drill' })],
      answer: {
        ...report,
        is_download_solution: 0,
        question_wise_distribution: [
          { question_order: 1, is_correct: 3, student_answer: 'b', correct_answer: '', ques_type: 1, total_score: 0 },
          { question_order: 2, is_correct: -1, student_answer: '', correct_answer: '', ques_type: 1, total_score: 0 },
        ],
      },
    });
    storeSession(greenfieldStudent());
    renderRoute('/report');
    await userEvent.click(await screen.findByRole('button', { name: 'Term Mock' }));
    await userEvent.click(await screen.findByRole('button', { name: 'View' }));
    expect(await screen.findByText(reportTexts.keyWithheld)).toBeInTheDocument();
    const questions = screen.getAllByRole('table')[1]!;
    expect(
      within(questions)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Question', 'Your answer']);
    expect(
      within(questions)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['QuestionYour answer', '1b', '2-']);
  });

  it('sorts bookmarks Latest first, Oldest first with the phone’s own picker', async () => {
    const older = {
      ...bookmark,
      ques_id: 78,
      question: '<p>Name the gas plants give out.</p>',
      date_time: '2026-11-02T09:10:00.000Z',
    };
    mockReports({ bookmarks: [older, bookmark] });
    storeSession(greenfieldStudent());
    renderRoute('/report');
    await userEvent.click(await screen.findByRole('button', { name: reportTexts.bookmarked }));
    await screen.findByText('Which gas do plants take in?');
    const order = () =>
      screen.getAllByRole('button', { name: /^Remove bookmark/ }).map((button) => button.getAttribute('aria-label'));
    const sort = screen.getByRole('combobox', { name: 'Sort' });
    expect(sort.tagName).toBe('SELECT');
    expect(order()).toEqual(['Remove bookmark 77', 'Remove bookmark 78']);
    await userEvent.selectOptions(sort, 'Oldest');
    expect(order()).toEqual(['Remove bookmark 78', 'Remove bookmark 77']);
    await userEvent.selectOptions(sort, 'Latest');
    expect(order()).toEqual(['Remove bookmark 77', 'Remove bookmark 78']);
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
    expect(await screen.findByRole('heading', { name: 'Section: Class 8 A' })).toBeInTheDocument();
    expect(screen.getByText('05-Oct-2026')).toBeInTheDocument();
    expect(screen.getByTestId('attendance')).toHaveTextContent('Attendance: P');
    await userEvent.click(screen.getByRole('tab', { name: 'Analysis' }));
    await waitFor(() => expect(screen.getByText(reportTexts.analysisTitle)).toBeInTheDocument());
  });
});

const longPassage = `<p>${'Plants make food from light. '.repeat(25)}</p>`;

const detail: BookmarkDetail = {
  ...bookmark,
  question_mathjax: bookmark.question,
  description: longPassage,
  description_mathjax: longPassage,
  options: [
    // As the server sends it: sanitised HTML, where a written & arrives as &amp;.
    { answer_option: 'a', is_correct: 0, answer_choice_option: '<p>Oxygen &amp; nitrogen</p>' },
    { answer_option: 'b', is_correct: 1, answer_choice_option: '<p>Carbon dioxide</p>' },
  ],
  correct_ans: 'b',
  attempt_answer: 'a',
  feedback: '<p>Plants take in carbon dioxide for photosynthesis.</p>',
  feedback_mathjax: '',
  alies_feedback: '',
  answer: 'b',
  is_multi_lingual: 0,
  media_data: [{ media_type: 'image', source_path: '/api/v1/files/signed/figure.svg' }],
};

describe('Exam Reports: the bookmark detail, medals, school wording and the error dialog', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(9));
    mockBranding();
  });
  afterEach(() => vi.useRealTimers());

  /** Opens Bookmarked Questions and the detail of bookmark 77. */
  async function openDetail() {
    await userEvent.click(await screen.findByRole('button', { name: reportTexts.bookmarked }));
    await userEvent.click(await screen.findByRole('button', { name: 'View question 77' }));
    return screen.findByRole('navigation', { name: 'Breadcrumb' });
  }

  it('shows the detail under Back > Bookmarked Questions > View Questions with every part, and each crumb leads back', async () => {
    mockReports();
    const asked: string[] = [];
    server.use(
      http.get('*/student/testLabels/bookmark/:userId/:questionId', ({ request, params }) => {
        asked.push(`${String(params.questionId)} ${request.headers.get('authorization')}`);
        return HttpResponse.json({ data: detail });
      }),
    );
    storeSession(greenfieldStudent());
    renderRoute('/report');
    const crumbs = await openDetail();
    expect(
      within(crumbs)
        .getAllByRole('button')
        .map((crumb) => crumb.textContent),
    ).toEqual(['Back', reportTexts.bookmarked]);
    expect(within(crumbs).getByText('View Questions')).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('Which gas do plants take in?')).toBeInTheDocument();
    expect(asked).toEqual(['77 exam-credential']);

    // The passage is cut at 550 characters until 'Load more'.
    const passage = screen.getByText(/^Plants make food from light/);
    expect(passage.textContent).toHaveLength(553);
    expect(passage.textContent!.endsWith('...')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(screen.getByText(/^Plants make food from light/).textContent).not.toMatch(/\.\.\.$/);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    expect(screen.getByRole('img', { name: 'Question media' })).toHaveAttribute(
      'src',
      '/api/v1/files/signed/figure.svg',
    );
    expect(screen.getByText('a. Oxygen & nitrogen')).toBeInTheDocument();
    expect(screen.getByText('b. Carbon dioxide')).toBeInTheDocument();
    expect(screen.getByText('Correct answer: b')).toBeInTheDocument();
    expect(screen.getByText('Your answer: a')).toBeInTheDocument();
    expect(screen.getByText('Solution: Plants take in carbon dioxide for photosynthesis.')).toBeInTheDocument();

    // 'Bookmarked Questions' returns to the list; 'Back' leaves the bookmarks for Exam Reports.
    await userEvent.click(within(crumbs).getByRole('button', { name: reportTexts.bookmarked }));
    expect(await screen.findByRole('heading', { level: 1, name: reportTexts.bookmarked })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View question 77' }));
    await userEvent.click(
      within(await screen.findByRole('navigation', { name: 'Breadcrumb' })).getByRole('button', { name: 'Back' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: reportTexts.title })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
  });

  it('says when the correct answer will show while the answer key is withheld', async () => {
    mockReports();
    const withheld: BookmarkDetail = {
      ...detail,
      options: detail.options.map((option) => ({ ...option, is_correct: 0 })),
      correct_ans: '',
      answer: '',
      feedback: '',
    };
    server.use(
      http.get('*/student/testLabels/bookmark/:userId/:questionId', () => HttpResponse.json({ data: withheld })),
    );
    storeSession(greenfieldStudent());
    renderRoute('/report');
    await openDetail();
    expect(await screen.findByText(`Correct answer: ${reportTexts.keyLater}`)).toBeInTheDocument();
    expect(screen.getByText('Your answer: a')).toBeInTheDocument();
    expect(screen.queryByText(/^Solution:/)).not.toBeInTheDocument();
  });

  it('lets a parent view a bookmark but offers no removal', async () => {
    mockReports();
    server.use(
      http.get('*/student/testLabels/bookmark/:userId/:questionId', () => HttpResponse.json({ data: detail })),
    );
    storeSession(greenfieldParent());
    renderRoute('/report');
    await userEvent.click(await screen.findByRole('button', { name: reportTexts.bookmarked }));
    await screen.findByRole('button', { name: 'View question 77' });
    expect(screen.queryByRole('button', { name: 'Remove bookmark 77' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View question 77' }));
    expect(await screen.findByText('Correct answer: b')).toBeInTheDocument();
  });

  it('shows a medal for a course rank of 1, subject ranks named by subject, marks out of the total, and a dash when absent', async () => {
    mockReports({
      offline: offlineAnswer([
        offlineExam({
          exam_id: 1,
          exam_date: '01-Oct-2026',
          courseLevelRank: 1,
          courseLevelMarksObtain: 48,
          subjectWiseExamSchdList: [{ subject_name: 'Maths', marks_obtained: 48, total_marks: 50, rank: 1 }],
        }),
        offlineExam({
          exam_id: 2,
          exam_date: '08-Oct-2026',
          courseLevelRank: null,
          courseLevelMarksObtain: null,
          subjectWiseExamSchdList: [
            { subject_name: 'Maths', marks_obtained: 40, total_marks: 50, rank: 1 },
            { subject_name: 'Physics', marks_obtained: 30, total_marks: 50, rank: 3 },
          ],
        }),
        offlineExam({
          exam_id: 3,
          exam_date: '15-Oct-2026',
          attendance_status: 'A',
          isAbsent: 'Y',
          courseLevelRank: null,
          courseLevelMarksObtain: null,
          subjectWiseExamSchdList: [{ subject_name: 'Maths', marks_obtained: null, total_marks: 50, rank: null }],
        }),
      ]),
    });
    storeSession(greenfieldStudent());
    renderRoute('/report');
    await userEvent.click(await screen.findByRole('tab', { name: 'Offline' }));
    const card = (date: string) => screen.findByRole('article', { name: `Offline exam of ${date}` });
    const first = await card('01-Oct-2026');
    expect(within(first).getByRole('img', { name: '1 (medal)' })).toBeInTheDocument();
    expect(within(first).getByText(/^Marks: 48 out of \d+$/)).toBeInTheDocument();
    const second = await card('08-Oct-2026');
    expect(within(second).getByText('Rank: Maths 1, Physics 3')).toBeInTheDocument();
    expect(within(second).getByText(/^Marks: 70 out of \d+$/)).toBeInTheDocument();
    expect(within(second).queryByRole('img', { name: '1 (medal)' })).not.toBeInTheDocument();
    const third = await card('15-Oct-2026');
    expect(within(third).getByText('Rank: -')).toBeInTheDocument();
    expect(within(third).getByText('Marks: -')).toBeInTheDocument();
    expect(within(third).getByTestId('attendance')).toHaveTextContent('Attendance: A');
  });

  it('says Section and hides topic and description for a school; Batch with both for a coaching institute', async () => {
    mockReports();
    storeSession(greenfieldStudent());
    const school = renderRoute('/report');
    await userEvent.click(await screen.findByRole('tab', { name: 'Offline' }));
    expect(await screen.findByRole('heading', { name: 'Section: Class 8 A' })).toBeInTheDocument();
    expect(screen.getByText('Subject: Maths')).toBeInTheDocument();
    expect(screen.queryByText('Topic: Algebra')).not.toBeInTheDocument();
    expect(screen.queryByText('Description: Unit test')).not.toBeInTheDocument();
    school.unmount();

    mockBranding();
    storeSession(apexStudent({ student_id: 5001 }));
    renderRoute('/report');
    await userEvent.click(await screen.findByRole('tab', { name: 'Offline' }));
    expect(await screen.findByRole('heading', { name: 'Batch: Class 8 A' })).toBeInTheDocument();
    expect(screen.getByText('Topic: Algebra')).toBeInTheDocument();
    expect(screen.getByText('Description: Unit test')).toBeInTheDocument();
    expect(screen.queryByText(/^Section:/)).not.toBeInTheDocument();
  });

  it('opens the error dialog with the server’s message, and its close goes to the dashboard', async () => {
    mockReports();
    server.use(
      http.get('*/api/v1/studentdashboard/testReports/:a/:u/:t/:s', () =>
        HttpResponse.json({ message: 'Report service is busy, try again later' }, { status: 500 }),
      ),
      http.get('*/api/v1/banner-prom/for_student/:userType', () =>
        HttpResponse.json({ statusCode: 200, message: 'success', result: { banner: [], prom: null } }),
      ),
      http.get('*/api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/:instituteId', () =>
        HttpResponse.json({ data: { result: [] } }),
      ),
    );
    storeSession(greenfieldStudent());
    const { router } = renderRoute('/report');
    await userEvent.click(await screen.findByRole('button', { name: 'Term Mock' }));
    await userEvent.click(await screen.findByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alert' });
    expect(within(dialog).getByText('Report service is busy, try again later')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/report');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('opens the error dialog when the bookmarks fail', async () => {
    mockReports();
    server.use(
      http.get('*/student/testLabels/bookmark/:userId', () =>
        HttpResponse.json({ message: 'Bookmarks are unavailable' }, { status: 503 }),
      ),
    );
    storeSession(greenfieldStudent());
    renderRoute('/report');
    await userEvent.click(await screen.findByRole('button', { name: reportTexts.bookmarked }));
    const dialog = await screen.findByRole('dialog', { name: 'Alert' });
    expect(within(dialog).getByText('Bookmarks are unavailable')).toBeInTheDocument();
  });
});
