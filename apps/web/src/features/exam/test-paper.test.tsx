import type { PaperViewAnswer } from '@campus/domain/exam/exam.contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';

const option = (letter: string, text: string) => ({ letter, text });
const base = { section_id: 1, passage_id: null, marks: 2, negative_marks: 0, media: null, match_options: [] };

function paper(overrides: Partial<PaperViewAnswer> = {}): PaperViewAnswer {
  return {
    test_id: 11,
    test_name: 'Missed test',
    test_type_id: 4,
    duration: 30,
    server_time: Date.now(),
    sections: [{ section_id: 1, name: 'Science' }],
    passages: [],
    questions: [
      {
        ...base,
        question_no: 1,
        ques_type: 1,
        question: '<p>Hypotenuse?</p>',
        options: [option('a', '5 cm'), option('b', '6 cm')],
      },
      { ...base, question_no: 2, ques_type: 2, question: '<p>Explain</p>', options: [] },
    ],
    answers: [
      { question_no: 1, answer: 'b', seq: 1, marked_for_review: false, bookmarked: false },
      {
        question_no: 2,
        answer: '<img src=x onerror=alert(1)>Chlorophyll',
        seq: 2,
        marked_for_review: false,
        bookmarked: false,
      },
    ],
    is_key_shown: 0,
    keys: [],
    ...overrides,
  };
}

function mockPaper(answer: PaperViewAnswer) {
  const calls: (string | null)[] = [];
  server.use(
    http.post('*/examPanel/open', () => HttpResponse.json({ attempt_token: 'view-cred', test_id: 11, mode: 'view' })),
    http.get('*/examPanel/paper', ({ request }) => {
      calls.push(request.headers.get('authorization'));
      return HttpResponse.json(answer);
    }),
  );
  return calls;
}

async function openPaper() {
  window.history.replaceState(null, '', '/my-account/test-panel/view#view.launch');
  renderRoute('/test-panel/view');
  await screen.findByRole('heading', { name: 'Missed test' });
}

describe('The test panel’s view mode (the desk’s View)', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => sessionStorage.clear());

  it('shows the paper read-only with the student’s answers, and no key while the server sends none', async () => {
    const calls = mockPaper(paper());
    await openPaper();
    expect(calls).toEqual(['view-cred']);
    expect(window.location.hash).toBe('');
    expect(screen.getByText('Read only')).toBeInTheDocument();
    expect(
      screen.getByText('The correct answers are shown once nobody can take this test any more.'),
    ).toBeInTheDocument();
    const first = screen.getByRole('region', { name: 'Question 1' });
    const chosen = within(first).getAllByRole('listitem')[1]!;
    expect(within(chosen).getByText('Your answer')).toBeInTheDocument();
    expect(screen.queryByText('Correct answer')).not.toBeInTheDocument();
    // The written answer is the student's text, shown as text.
    const written = screen.getByRole('region', { name: 'Question 2' });
    expect(within(written).getByText('Chlorophyll')).toBeInTheDocument();
    expect(written.querySelector('img')).toBeNull();
    for (const role of ['radio', 'checkbox', 'textbox', 'combobox'] as const) {
      expect(screen.queryByRole(role)).not.toBeInTheDocument();
    }
  });

  it('marks the correct answer when the server sends the key', async () => {
    mockPaper(paper({ is_key_shown: 1, keys: [{ question_no: 1, correct_answer: 'a' }] }));
    await openPaper();
    const [right] = within(screen.getByRole('region', { name: 'Question 1' })).getAllByRole('listitem');
    expect(within(right!).getByText('Correct answer')).toBeInTheDocument();
    expect(screen.queryByText('The correct answers are shown once nobody can take this test any more.')).toBeNull();
  });
});
