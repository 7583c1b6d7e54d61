import type { AttemptAnswer, ExamTest } from '@campus/domain/exam/exam.contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { greenfieldParent, greenfieldStudent, mockBranding, storeSession, testDay } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import { announceSubmitted } from './panel/desk-channel.ts';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function examTest(overrides: Partial<ExamTest> = {}): ExamTest {
  return {
    test_name: 'Unit test 1',
    test_id: 11,
    test_type_id: 4,
    start_date: '20-11-2026',
    end_date: '25-11-2026',
    test_start_date: '2026-11-20 09:00 AM',
    test_end_date: '2026-11-25 09:00 AM',
    start_timestamp: seconds(testDay(0)) - 86_400,
    end_timestamp: seconds(testDay(0)) + 4 * 86_400,
    duration: 45,
    total_attempts: 0,
    incomplete_attempts: 0,
    test_limit: 1,
    is_result_published: 0,
    is_submitted: 0,
    title: '',
    status: 'ongoing',
    test_institute_id: 1,
    total_score: null,
    total_marks: 20,
    ...overrides,
  };
}

const labels = [{ label_id: 7, label_name: 'Term Mock', test_type_id: 1, title: 'Term Mock' }];

function mockDesk({
  labelAnswer = () => HttpResponse.json({ data: labels }),
  tests = [examTest()],
  testsAnswer,
  productIds = [],
  productTests = [],
}: {
  labelAnswer?: () => Response;
  tests?: ExamTest[];
  testsAnswer?: () => Response;
  productIds?: number[];
  productTests?: ExamTest[];
} = {}) {
  const calls: { url: URL; authorization: string | null; body?: unknown }[] = [];
  server.use(
    http.get('*/student/testLabels', ({ request }) => {
      calls.push({ url: new URL(request.url), authorization: request.headers.get('authorization') });
      return labelAnswer();
    }),
    http.get('*/student/testLabels/:labelId/tests', ({ request }) => {
      calls.push({ url: new URL(request.url), authorization: request.headers.get('authorization') });
      return testsAnswer ? testsAnswer() : HttpResponse.json({ data: tests });
    }),
    http.get('*/prod/user-product/v2/assigned-product-test-ids/:type', ({ params }) =>
      HttpResponse.json({
        statusCode: 200,
        message: 'OK',
        result: params.type === 'Mock_Test' ? productIds.map((id) => ({ test_id: id, test_institute_id: 1 })) : [],
      }),
    ),
    http.post('*/tests/list_id', async ({ request }) => {
      calls.push({
        url: new URL(request.url),
        authorization: request.headers.get('authorization'),
        body: await request.json(),
      });
      return HttpResponse.json({ data: productTests });
    }),
  );
  return calls;
}

async function openDesk(session = greenfieldStudent()) {
  storeSession(session);
  const view = renderRoute('/exam');
  await screen.findByRole('heading', { level: 1, name: 'My Exam' });
  return view;
}

describe('Exam desk (spec part 2 §2.3)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(9));
    mockBranding();
  });
  afterEach(() => vi.useRealTimers());

  it('asks for a test type first, adds the missing placeholder, and lists a label’s tests with the exam credential', async () => {
    const calls = mockDesk({
      tests: [
        examTest(),
        examTest({ test_id: 12, test_name: 'A'.repeat(50), duration: 90, status: 'upcoming' }),
        examTest({ test_id: 13, test_name: 'Resumable', status: 'resume' }),
        examTest({ test_id: 14, test_name: 'Missed', status: 'view' }),
        examTest({ test_id: 15, test_name: 'Used up', status: 'expired' }),
        examTest({ test_id: 16, test_name: 'Taken', status: 'attempted', is_submitted: 1, total_attempts: 1 }),
        examTest({
          test_id: 17,
          test_name: 'Drill',
          test_type_id: 2,
          test_limit: 3,
          total_attempts: 2,
          incomplete_attempts: 1,
          status: 'practice',
        }),
      ],
    });
    await openDesk();
    expect(await screen.findByText('Click on the Test Type to view the scheduled exams')).toBeInTheDocument();
    const toolbar = screen.getByRole('toolbar', { name: 'Test types' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Term Mock', 'Online exam']);
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Term Mock' }));
    const first = await screen.findByRole('article', { name: 'Unit test 1' });
    expect(within(first).getByText('Duration: 45 mins')).toBeInTheDocument();
    expect(within(first).getByText('20-11-2026 to 25-11-2026')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Start' })).toBeEnabled();
    const long = screen.getByRole('article', { name: 'A'.repeat(50) });
    expect(within(long).getByText(`${'A'.repeat(47)}...`)).toBeInTheDocument();
    expect(within(long).getByText('Duration: 1 hr 30 mins')).toBeInTheDocument();
    expect(within(long).getByRole('button', { name: 'Upcoming' })).toBeDisabled();
    expect(
      within(screen.getByRole('article', { name: 'Resumable' })).getByRole('button', { name: 'Resume' }),
    ).toBeEnabled();
    expect(within(screen.getByRole('article', { name: 'Missed' })).getByRole('button', { name: 'View' })).toBeEnabled();
    // An open practice try is resumed (issue 27 item 2).
    expect(
      within(screen.getByRole('article', { name: 'Drill' })).getByRole('button', { name: 'Resume' }),
    ).toBeEnabled();
    // Only upcoming, practice, ongoing, resume and view are shown (§4): no greyed Expired or used-up cards.
    expect(screen.queryByRole('article', { name: 'Used up' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Taken' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Expired|Attempts used up/ })).not.toBeInTheDocument();
    const listCall = calls.find((call) => call.url.pathname === '/student/testLabels/7/tests');
    expect(listCall?.authorization).toBe('exam-credential');

    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'RESUM' } });
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['Resumable']);
  });

  it('keeps the chosen test type and the search in the address, so a reload or a shared link opens on them', async () => {
    mockDesk({ tests: [examTest(), examTest({ test_id: 13, test_name: 'Resumable', status: 'resume' })] });
    const view = await openDesk();
    fireEvent.click(
      within(await screen.findByRole('toolbar', { name: 'Test types' })).getByRole('button', { name: 'Term Mock' }),
    );
    await screen.findByRole('article', { name: 'Unit test 1' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'RESUM' } });
    await waitFor(() => expect(view.router.state.location.search).toBe('?label=7&q=RESUM'));
    view.unmount();

    // The address alone (a reload): the label's tests, narrowed by the search, without a tap.
    storeSession(greenfieldStudent());
    renderRoute('/exam?label=7&q=RESUM');
    expect(await screen.findByRole('article', { name: 'Resumable' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Unit test 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Term Mock', pressed: true })).toBeInTheDocument();
  });

  it('uses both placeholder labels when the label call fails, without a message', async () => {
    mockDesk({ labelAnswer: () => HttpResponse.json({ message: 'Unauthorised' }, { status: 401 }) });
    await openDesk();
    const toolbar = await screen.findByRole('toolbar', { name: 'Test types' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Mock Test', 'Online exam']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says No Exam Available for a label without tests', async () => {
    mockDesk({ tests: [] });
    await openDesk();
    fireEvent.click(await screen.findByRole('button', { name: 'Term Mock' }));
    expect(await screen.findByText('No Exam Available')).toBeInTheDocument();
  });

  it('greys Start for parents and says why', async () => {
    mockDesk();
    await openDesk(greenfieldParent());
    fireEvent.click(await screen.findByRole('button', { name: 'Term Mock' }));
    const card = await screen.findByRole('article', { name: 'Unit test 1' });
    const start = within(card).getByRole('button', { name: 'Start' });
    expect(start).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(start);
    expect(await screen.findByText('Parents are not allowed to give exam')).toBeInTheDocument();
  });

  it('opens the panel in a new window at the address the launch answered', async () => {
    mockDesk();
    const launches: unknown[] = [];
    server.use(
      http.post('*/examPanel/launch', async ({ request }) => {
        launches.push({ body: await request.json(), authorization: request.headers.get('authorization') });
        return HttpResponse.json({ launch_token: 'tok', expires_in: 120, panel_path: '/my-account/test-panel#tok' });
      }),
    );
    const panelWindow = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(panelWindow as unknown as Window);
    await openDesk();
    fireEvent.click(await screen.findByRole('button', { name: 'Term Mock' }));
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Unit test 1' })).getByRole('button', { name: 'Start' }),
    );
    await waitFor(() => expect(panelWindow.location.href).toBe('/my-account/test-panel#tok'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(launches).toEqual([{ body: { test_id: 11 }, authorization: 'exam-credential' }]);
    open.mockRestore();
  });

  it('View opens the read-only paper in a new window, for parents too, and no score popup', async () => {
    mockDesk({ tests: [examTest({ test_name: 'Missed', status: 'view', total_score: 16, is_result_published: 1 })] });
    server.use(
      http.post('*/examPanel/launch', () =>
        HttpResponse.json({ launch_token: 'view.x', expires_in: 120, panel_path: '/my-account/test-panel/view#v' }),
      ),
    );
    const panelWindow = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(panelWindow as unknown as Window);
    await openDesk(greenfieldParent());
    fireEvent.click(await screen.findByRole('button', { name: 'Term Mock' }));
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Missed' })).getByRole('button', { name: 'View' }),
    );
    await waitFor(() => expect(panelWindow.location.href).toBe('/my-account/test-panel/view#v'));
    expect(screen.queryByText(/Score:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    open.mockRestore();
  });

  it('refreshes its cards when the panel window reports a submit', async () => {
    let answered = 0;
    mockDesk({
      testsAnswer: () => {
        answered += 1;
        return HttpResponse.json({
          data: [examTest({ status: answered === 1 ? 'ongoing' : 'expired', total_attempts: answered === 1 ? 0 : 1 })],
        });
      },
    });
    await openDesk();
    fireEvent.click(await screen.findByRole('button', { name: 'Term Mock' }));
    await screen.findByRole('article', { name: 'Unit test 1' });
    announceSubmitted(11);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Unit test 1' })).not.toBeInTheDocument());
    expect(await screen.findByText('No Exam Available')).toBeInTheDocument();
  });

  it('shows an error dialog with the server’s message whose closing goes to the dashboard', async () => {
    mockDesk({ testsAnswer: () => HttpResponse.json({ message: 'Exam service is down' }, { status: 500 }) });
    // The dashboard's own calls, once there.
    server.use(
      http.get('*/api/v1/banner-prom/for_student/:id', () => HttpResponse.json({ message: 'x' }, { status: 500 })),
      http.get('*/api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/:id', () =>
        HttpResponse.json({ message: 'x' }, { status: 500 }),
      ),
    );
    const { router } = await openDesk();
    fireEvent.click(await screen.findByRole('button', { name: 'Term Mock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alert' });
    expect(within(dialog).getByText('Exam service is down')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('lists product tests under Products and Exams, cut at 25 characters', async () => {
    const calls = mockDesk({
      productIds: [31],
      productTests: [examTest({ test_id: 31, test_name: 'JEE Main Crash Course: mock paper 1' })],
    });
    await openDesk();
    const group = await screen.findByRole('region', { name: 'Products and Exams' });
    expect(within(group).getByText('JEE Main Crash Course: mo...')).toBeInTheDocument();
    const listCall = calls.find((call) => call.url.pathname === '/tests/list_id');
    expect(listCall).toMatchObject({ body: { test_ids: '31', user_id: 101 }, authorization: 'exam-credential' });
  });
});

// ——— The test panel ———

const startedAt = testDay(9).getTime();

function attempt(overrides: Partial<AttemptAnswer> = {}): AttemptAnswer {
  const option = (letter: string, text: string) => ({ letter, text });
  const base = { section_id: 1, passage_id: null, marks: 2, negative_marks: 0, media: null, match_options: [] };
  return {
    test_id: 11,
    test_name: 'Unit test 1',
    test_type_id: 4,
    duration: 30,
    attempt_no: 1,
    status: 'open',
    server_time: startedAt,
    started_at: startedAt,
    ends_at: startedAt + 30 * 60_000,
    remaining_seconds: 1800,
    sections: [{ section_id: 1, name: 'Science' }],
    passages: [{ passage_id: 5, text: '<p>Plants make food in leaves.</p>' }],
    questions: [
      {
        ...base,
        question_no: 1,
        ques_type: 1,
        question: '<p>Pick the hypotenuse</p>',
        options: [option('a', '5 cm'), option('b', '6 cm')],
        media: { media_type: 'image', source_path: '/api/v1/files/figure' },
      },
      {
        ...base,
        question_no: 2,
        ques_type: 3,
        question: '<p>Primes</p>',
        options: [option('a', '2'), option('b', '9'), option('c', '11')],
      },
      {
        ...base,
        question_no: 3,
        ques_type: 5,
        question: '<p>Water boils at 100 °C</p>',
        options: [option('a', 'True'), option('b', 'False')],
      },
      {
        ...base,
        question_no: 4,
        ques_type: 6,
        question: '<p>Match pairs</p>',
        options: [option('a', 'Newton'), option('b', 'Curie')],
        match_options: [option('p', 'Radioactivity'), option('q', 'Gravitation')],
      },
      {
        ...base,
        question_no: 5,
        ques_type: 7,
        question: '<p>Match in order</p>',
        options: [option('a', 'Heart'), option('b', 'Lungs')],
        match_options: [option('p', 'Gases'), option('q', 'Blood')],
      },
      { ...base, question_no: 6, ques_type: 2, question: '<p>Explain</p>', options: [] },
      {
        ...base,
        question_no: 7,
        ques_type: 1,
        passage_id: 5,
        question: '<p>Where?</p>',
        options: [option('a', 'Roots'), option('b', 'Leaves')],
      },
    ],
    answers: [{ question_no: 3, answer: 'a', seq: 4, marked_for_review: true, bookmarked: false }],
    is_result_published: 0,
    result: null,
    ...overrides,
  };
}

function mockPanel() {
  const saves: unknown[][] = [];
  let online = true;
  const submits: string[] = [];
  server.use(
    http.post('*/examPanel/open', async ({ request }) => {
      const { launch_token: token } = (await request.json()) as { launch_token: string };
      return token === 'launch-1'
        ? HttpResponse.json({ attempt_token: 'attempt-cred', test_id: 11 })
        : HttpResponse.json({ message: 'This test link is no longer valid.' }, { status: 401 });
    }),
    http.get('*/examPanel/attempt', () => HttpResponse.json(attempt())),
    http.put('*/examPanel/attempt/answers', async ({ request }) => {
      if (!online) return HttpResponse.error();
      const { answers } = (await request.json()) as { answers: { question_no: number; seq: number }[] };
      saves.push(answers);
      return HttpResponse.json({
        saved: answers.map((answer) => ({ question_no: answer.question_no, seq: answer.seq, applied: true })),
        server_time: Date.now(),
        remaining_seconds: 1700,
      });
    }),
    http.post('*/examPanel/attempt/submit', ({ request }) => {
      submits.push(request.headers.get('authorization') ?? '');
      return HttpResponse.json({
        status: 'submitted',
        submitted_at: Date.now(),
        unanswered: 0,
        is_result_published: 0,
        result: null,
      });
    }),
  );
  return { saves, submits, setOnline: (value: boolean) => (online = value) };
}

async function openPanel() {
  window.history.replaceState(null, '', '/my-account/test-panel#launch-1');
  const view = renderRoute('/test-panel');
  await screen.findByRole('heading', { name: 'Unit test 1' });
  return view;
}

describe('Test panel', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(9));
  });
  afterEach(() => vi.useRealTimers());

  it('exchanges the launch token, clears it from the address and shows the paper with the server’s time', async () => {
    mockPanel();
    await openPanel();
    expect(window.location.hash).toBe('');
    expect(sessionStorage.getItem('exam-attempt-credential')).toBe('attempt-cred');
    expect(screen.getByRole('timer', { name: 'Time left' })).toHaveTextContent('0:30:00');
    expect(screen.getByRole('img', { name: 'Figure for question 1' })).toHaveAttribute('src', '/api/v1/files/figure');
    const palette = screen.getByRole('navigation', { name: 'Question palette' });
    expect(within(palette).getByRole('button', { name: 'Question 1, not answered' })).toBeInTheDocument();
    expect(within(palette).getByRole('button', { name: 'Question 3, marked' })).toBeInTheDocument();
    fireEvent.click(within(palette).getByRole('button', { name: 'Question 7, not answered' }));
    expect(screen.getByLabelText('Passage')).toHaveTextContent('Plants make food in leaves.');
  });

  it('saves each change in order with rising seq numbers, and keeps offline changes until the connection returns', async () => {
    const { saves, setOnline } = mockPanel();
    await openPanel();
    fireEvent.click(screen.getByRole('radio', { name: /5 cm/ }));
    await waitFor(() => expect(saves).toEqual([[{ question_no: 1, answer: 'a', seq: 5 }]]));
    expect(screen.getByRole('status', { name: 'Save state' })).toHaveTextContent('Saved');
    expect(screen.getByRole('button', { name: 'Question 1, answered' })).toBeInTheDocument();

    setOnline(false);
    fireEvent.click(screen.getByRole('button', { name: /Question 2/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^a\.\s*2$/ }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Save state' })).toHaveTextContent('Offline'));
    expect(
      screen.getByText('Your answers are kept on this device and sent when the connection returns.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: /^c\.\s*11$/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mark for review' }));
    expect(saves).toHaveLength(1);

    setOnline(true);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.getByRole('status', { name: 'Save state' })).toHaveTextContent('Saved'));
    expect(saves.slice(1).flat()).toEqual([
      { question_no: 2, answer: 'a', seq: 6 },
      { question_no: 2, answer: 'a,c', seq: 7 },
      { question_no: 2, marked_for_review: true, seq: 8 },
    ]);
  });

  it('writes matching answers in their formats: pairs for type 6, order for type 7', async () => {
    const { saves } = mockPanel();
    await openPanel();
    fireEvent.click(screen.getByRole('button', { name: /Question 4/ }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Match for a' }), { target: { value: 'q' } });
    await waitFor(() =>
      expect(saves.flat()).toContainEqual(expect.objectContaining({ question_no: 4, answer: 'a=q|b=' })),
    );
    fireEvent.click(screen.getByRole('button', { name: /Question 5/ }));
    expect(screen.getAllByRole('option', { name: 'p. Gases' })).toHaveLength(2);
    fireEvent.change(screen.getByRole('combobox', { name: 'Match for b' }), { target: { value: 'p' } });
    await waitFor(() => expect(saves.flat()).toContainEqual(expect.objectContaining({ question_no: 5, answer: ',p' })));
  });

  it('saves a written answer when typing pauses', async () => {
    const { saves } = mockPanel();
    await openPanel();
    fireEvent.click(screen.getByRole('button', { name: /Question 6/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Answer to question 6' }), {
      target: { value: 'Chlorophyll reflects green.' },
    });
    await waitFor(() =>
      expect(saves.flat()).toContainEqual(
        expect.objectContaining({ question_no: 6, answer: 'Chlorophyll reflects green.' }),
      ),
    );
  });

  it('asks before submitting with the count of unanswered questions', async () => {
    const { submits } = mockPanel();
    await openPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit test' });
    expect(within(dialog).getByText('You have 6 unanswered questions. Submit the test?')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Your test has been submitted.')).toBeInTheDocument();
    expect(submits).toEqual(['attempt-cred']);
  });

  it('says so when the launch token is no longer valid', async () => {
    mockPanel();
    window.history.replaceState(null, '', '/my-account/test-panel#used-token');
    renderRoute('/test-panel');
    expect(await screen.findByText('This test link is no longer valid.')).toBeInTheDocument();
  });
});
