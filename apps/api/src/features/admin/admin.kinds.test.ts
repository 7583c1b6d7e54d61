import type { AdminKind } from '@campus/domain/admin/admin.endpoints';
import { maxTopicDepth } from '@campus/domain/library/library-rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminKey, kindExamples } from '../../../test/admin-kit.ts';
import { createInstitute } from '../../../test/factories/institutes.ts';
import { createMigratedDatabase, createTestApp } from '../../../test/helpers.ts';
import { adminAudit } from '../../db/schema/admin.ts';
import { examQuestions } from '../../db/schema/exam.ts';
import { libraryTopics } from '../../db/schema/library.ts';
import { signIn } from '../../../test/auth-helpers.ts';
import { findExternalIds } from './admin.repository.ts';

// The rules of the kinds beyond the shared table (admin.routes.test.ts runs every kind's create, rerun, change,
// broken row and key checks): nested library topics, matching questions and passages, offline exam results.
describe('admin API: nested topics, matching questions, passages and offline results', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let key: string;
  let instituteId: number;
  const host = 'kinds.test';

  const send = (kind: string, rows: unknown[], options: { remove?: boolean } = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/admin/v1/${kind}${options.remove ? '/delete' : ''}`,
      headers: { host, 'x-api-key': key },
      payload: { rows },
    });
  const idOf = async (kind: AdminKind, externalId: string) =>
    (await findExternalIds(app.db, instituteId, kind, [externalId])).get(externalId)?.internalId;
  const auditOf = (kind: string) =>
    app.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.instituteId, instituteId), eq(adminAudit.kind, kind)));

  beforeAll(async () => {
    const database = await createMigratedDatabase();
    instituteId = (await createInstitute(database.db, { host })).id;
    ({ key } = await createAdminKey(database.db, instituteId));
    app = await createTestApp({ database });
    // Every kind's example rows, in load order, as the frame the rows below hang on.
    for (const example of kindExamples) {
      const response = await send(example.kind, example.rows);
      expect(response.statusCode, `${example.kind}: ${response.body}`).toBe(200);
    }
  });
  afterAll(() => app.close());

  describe('library-topics', () => {
    const topic = (externalId: string, parent?: string, subject = 'LS6M') => ({
      external_id: externalId,
      subject_external_id: subject,
      name: `Topic ${externalId}`,
      ...(parent ? { parent_topic_external_id: parent } : {}),
    });
    const parentOf = async (externalId: string) => {
      const [row] = await app.db
        .select({ parentId: libraryTopics.parentId })
        .from(libraryTopics)
        .where(
          and(
            eq(libraryTopics.instituteId, instituteId),
            eq(libraryTopics.id, (await idOf('library-topics', externalId))!),
          ),
        );
      return row!.parentId;
    };

    it('creates subtopics naming parents created later in the same batch, and a rerun is unchanged', async () => {
      const rows = [topic('N-C', 'N-B'), topic('N-B', 'N-A'), topic('N-A', 'LT-FR')];
      const response = await send('library-topics', rows);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ created: 3 });
      expect(response.json().rows.map((row: { key: string }) => row.key)).toEqual(['N-C', 'N-B', 'N-A']);
      expect(await parentOf('N-C')).toBe(await idOf('library-topics', 'N-B'));
      expect(await parentOf('N-B')).toBe(await idOf('library-topics', 'N-A'));
      expect(await parentOf('N-A')).toBe(await idOf('library-topics', 'LT-FR'));
      expect((await send('library-topics', rows)).json()).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    });

    it('moves a subtopic to the top level when its parent is left empty', async () => {
      const response = await send('library-topics', [topic('N-C')]);
      expect(response.json()).toMatchObject({ updated: 1 });
      expect(await parentOf('N-C')).toBeNull();
      expect((await send('library-topics', [topic('N-C', 'N-B')])).json()).toMatchObject({ updated: 1 });
    });

    it('refuses a parent of another subject, naming the row and the field, and writes nothing', async () => {
      const before = (await auditOf('library-topics')).length;
      const response = await send('library-topics', [topic('N-D', 'N-A'), topic('N-E', 'LT-PL')]);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().message).toBe('row 1, parent_topic_external_id: names a topic of another subject');
      expect(await idOf('library-topics', 'N-D')).toBeUndefined();
      expect(await auditOf('library-topics')).toHaveLength(before);
    });

    it('refuses to move a topic to another subject while its subtopics stay', async () => {
      const response = await send('library-topics', [topic('N-B', 'LT-PL', 'LS6S')]);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().message).toBe(
        'row 0, subject_external_id: differs from the subject of its subtopics; move them with it',
      );
    });

    it('refuses a topic as its own parent, and circles through rows of one batch', async () => {
      const self = await send('library-topics', [topic('N-F', 'N-F')]);
      expect(self.statusCode).toBe(422);
      expect(self.json().message).toBe(
        'row 0, parent_topic_external_id: must name another topic: a topic cannot be its own parent',
      );
      const circle = await send('library-topics', [topic('N-G', 'N-H'), topic('N-H', 'N-I'), topic('N-I', 'N-G')]);
      expect(circle.statusCode).toBe(422);
      expect(circle.json().message).toBe(
        'row 0, parent_topic_external_id: makes the topic its own ancestor; ' +
          'row 1, parent_topic_external_id: makes the topic its own ancestor; ' +
          'row 2, parent_topic_external_id: makes the topic its own ancestor',
      );
      expect(await idOf('library-topics', 'N-G')).toBeUndefined();
    });

    it('refuses a circle through stored topics: a topic under its own subtopic', async () => {
      const response = await send('library-topics', [topic('N-A', 'N-C')]);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().message).toBe('row 0, parent_topic_external_id: makes the topic its own ancestor');
      expect(await parentOf('N-A')).toBe(await idOf('library-topics', 'LT-FR'));
    });

    it('refuses to delete a topic with subtopics, and deletes it with them in one batch', async () => {
      const refused = await send('library-topics', [{ external_id: 'N-B' }], { remove: true });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(
        'row 0, external_id: has 1 subtopics; delete or move them first (or in the same batch)',
      );
      const deleted = await send('library-topics', [{ external_id: 'N-B' }, { external_id: 'N-C' }], { remove: true });
      expect(deleted.json()).toMatchObject({ deleted: 2 });
      expect(await idOf('library-topics', 'N-C')).toBeUndefined();
    });

    describe('depth', () => {
      /** `count` topics each under the one before, the first under `parent` (or at the top level). */
      const chain = (prefix: string, count: number, parent?: string) =>
        Array.from({ length: count }, (_, index) =>
          topic(`${prefix}-${index + 1}`, index === 0 ? parent : `${prefix}-${index}`),
        );

      it('refuses a topic one level deeper than topics nest, naming its row, and writes none of the batch', async () => {
        const response = await send('library-topics', chain('D', maxTopicDepth + 1));
        expect(response.statusCode, response.body).toBe(422);
        expect(response.json().message).toBe(
          `row ${maxTopicDepth}, parent_topic_external_id: sits ${maxTopicDepth + 1} levels deep; topics nest at most ${maxTopicDepth} levels`,
        );
        expect(await idOf('library-topics', 'D-1')).toBeUndefined();
      });

      it('takes a chain as deep as topics nest, and refuses one more under it in a later batch', async () => {
        const response = await send('library-topics', chain('D', maxTopicDepth));
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({ created: maxTopicDepth });
        const below = await send('library-topics', [topic('D-X', `D-${maxTopicDepth}`)]);
        expect(below.statusCode).toBe(422);
        expect(below.json().message).toBe(
          `row 0, parent_topic_external_id: sits ${maxTopicDepth + 1} levels deep; topics nest at most ${maxTopicDepth} levels`,
        );
        expect(await idOf('library-topics', 'D-X')).toBeUndefined();
      });

      it('refuses to move a topic where its subtopics would sit too deep', async () => {
        expect((await send('library-topics', chain('M', 3))).statusCode).toBe(200);
        // M-1 under D-18 puts M-1 at level 19, M-2 at 20 and M-3 at 21.
        const response = await send('library-topics', [topic('M-1', `D-${maxTopicDepth - 2}`)]);
        expect(response.statusCode).toBe(422);
        expect(response.json().message).toBe(
          `row 0, parent_topic_external_id: would put its subtopics ${maxTopicDepth + 1} levels deep; topics nest at most ${maxTopicDepth} levels`,
        );
        expect(await parentOf('M-1')).toBeNull();
        // One level higher fits.
        expect((await send('library-topics', [topic('M-1', `D-${maxTopicDepth - 3}`)])).statusCode).toBe(200);
      });
    });
  });

  describe('passages and matching questions', () => {
    const matching = {
      test_external_id: 'TST2',
      section: 'Science',
      marks: 3,
    };
    const rows = [
      {
        ...matching,
        external_id: 'QM6',
        question_no: 1,
        ques_type: 6,
        question: '<p>Match each scientist with the discovery.</p>',
        options: 'Newton|Curie|Darwin',
        match_options: 'Radioactivity|Evolution|Gravitation',
        correct: 'c=q|a=r|b=p',
      },
      {
        ...matching,
        external_id: 'QM7',
        question_no: '2',
        ques_type: '7',
        question: '<p>Match each organ with its function.</p>',
        options: ['Heart', 'Lungs', 'Kidneys'],
        match_options: ['Filter blood', 'Pump blood', 'Exchange gases'],
        correct: ['q', 'r', 'p'],
      },
      {
        ...matching,
        external_id: 'QP1',
        question_no: 3,
        ques_type: 1,
        question: '<p>Where do plants make their food?</p>',
        options: 'Roots|Leaves',
        correct: 'b',
        marks: 2,
        passage_external_id: 'PSG2',
      },
    ];

    it('stores a matching question’s right column lettered p, q, r… and its key in its type’s format', async () => {
      const passage = await send('passages', [
        { external_id: 'PSG2', test_external_id: 'TST2', text: '<p>Plants make their food in the leaves.</p>' },
      ]);
      expect(passage.json()).toMatchObject({ created: 1 });
      const response = await send('questions', rows);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ created: 3 });
      const stored = await app.db
        .select()
        .from(examQuestions)
        .where(
          and(eq(examQuestions.instituteId, instituteId), eq(examQuestions.testId, (await idOf('tests', 'TST2'))!)),
        )
        .orderBy(examQuestions.questionNo);
      expect(stored.map((row) => [row.quesType, row.correct, row.passageId])).toEqual([
        [6, 'a=r|b=p|c=q', null],
        [7, 'q,r,p', null],
        [1, 'b', await idOf('passages', 'PSG2')],
      ]);
      expect(stored[0]!.matchOptions).toEqual([
        { letter: 'p', text: 'Radioactivity' },
        { letter: 'q', text: 'Evolution' },
        { letter: 'r', text: 'Gravitation' },
      ]);
      expect((await send('questions', rows)).json()).toMatchObject({ unchanged: 3 });
    });

    it('serves the passage and both matching columns in the exam panel, and scores the keys', async () => {
      const student = await signIn(app, { user_name: '9822222221', password: 'first-pass-1' }, { host });
      const launched = await app.inject({
        method: 'POST',
        url: '/examPanel/launch',
        headers: { authorization: student.examdesk_auth_token, host },
        payload: { test_id: await idOf('tests', 'TST2') },
      });
      expect(launched.statusCode, launched.body).toBe(200);
      const opened = await app.inject({
        method: 'POST',
        url: '/examPanel/open',
        headers: { host },
        payload: { launch_token: launched.json().launch_token },
      });
      const panel = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
        app.inject({
          method,
          url,
          headers: { authorization: opened.json().attempt_token, host },
          payload: payload as never,
        });
      const paper = (await panel('GET', '/examPanel/attempt')).json();
      const passageId = await idOf('passages', 'PSG2');
      expect(paper.passages).toContainEqual({
        passage_id: passageId,
        text: '<p>Plants make their food in the leaves.</p>',
      });
      expect(paper.questions.map((question: { passage_id: number | null }) => question.passage_id)).toEqual([
        null,
        null,
        passageId,
      ]);
      expect(paper.questions[1]).toMatchObject({
        ques_type: 7,
        options: [
          { letter: 'a', text: 'Heart' },
          { letter: 'b', text: 'Lungs' },
          { letter: 'c', text: 'Kidneys' },
        ],
        match_options: [
          { letter: 'p', text: 'Filter blood' },
          { letter: 'q', text: 'Pump blood' },
          { letter: 'r', text: 'Exchange gases' },
        ],
      });
      expect(JSON.stringify(paper)).not.toContain('q,r,p');
      const saved = await panel('PUT', '/examPanel/attempt/answers', {
        answers: [
          { question_no: 1, seq: 1, answer: 'a=r|b=p|c=q' },
          { question_no: 2, seq: 2, answer: 'q,r,' },
          { question_no: 3, seq: 3, answer: 'b' },
        ],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const submitted = await panel('POST', '/examPanel/attempt/submit');
      expect(submitted.statusCode, submitted.body).toBe(200);
      // Every pair of the first, two of three pairs of the second (2 of its 3 marks), the passage question.
      expect(submitted.json().result).toMatchObject({ total_score: 7, total_marks: 8, right_ques_count: 2 });
    });

    it('refuses matching keys that do not fit, naming the row, the field and the rule', async () => {
      const broken = (change: Record<string, unknown>) => ({
        ...rows[0],
        external_id: 'QX',
        question_no: 9,
        ...change,
      });
      const cases: [Record<string, unknown>, string][] = [
        [{ correct: 'a=r|b=p' }, 'correct: must pair every option a to c exactly once'],
        [{ correct: 'a=r|a=p|b=q' }, 'correct: must pair every option a to c exactly once'],
        [{ correct: 'a=x|b=p|c=q' }, 'correct: must pair option letters a to c with match letters p to r'],
        [
          { correct: 'r|p|q' },
          'correct: must be a pair per option, option letter = match letter (a=q|b=p), for ques_type 6',
        ],
        [{ match_options: 'Only one' }, 'match_options: must have 2 to 11 entries (lettered p to z)'],
        [
          { ques_type: 7, correct: 'q|r' },
          'correct: must give one match letter (p to r) per option, in order: 3 letters',
        ],
        [{ ques_type: 7, correct: 'q|r|s' }, 'correct: must use the match letters p to r only'],
        [
          { ques_type: 7 },
          'correct: must list match letters in the order of the options (q|p|r), not pairs, for ques_type 7',
        ],
        [{ ques_type: 1, correct: 'a' }, 'match_options: must be empty unless ques_type is 6 or 7 (matching)'],
        [
          { ques_type: 3, match_options: undefined, correct: 'a=p' },
          'correct: must be option letters a, b, c… (pairs a=p are for matching questions)',
        ],
        [
          { ques_type: 4 },
          'ques_type: must be 1 (single choice), 2 (subjective), 3 (multiple choice), 5 (true/false), 6 (matching, answered as pairs) or 7 (matching, answered in order)',
        ],
      ];
      for (const [change, message] of cases) {
        const response = await send('questions', [rows[1], broken(change)]);
        expect(response.statusCode, JSON.stringify(change)).toBe(422);
        expect(response.json().message, JSON.stringify(change)).toBe(`row 1, ${message}`);
      }
      expect(await idOf('questions', 'QX')).toBeUndefined();
    });

    it('refuses a passage of another test, and deleting a passage questions are on', async () => {
      await send('passages', [{ external_id: 'PSG1', test_external_id: 'TST1', text: '<p>Fractions.</p>' }]);
      const other = await send('questions', [{ ...rows[2], passage_external_id: 'PSG1' }]);
      expect(other.statusCode).toBe(422);
      expect(other.json().message).toBe('row 0, passage_external_id: names a passage of another test');
      const unknown = await send('questions', [{ ...rows[2], passage_external_id: 'PSG9' }]);
      expect(unknown.json().message).toBe('row 0, passage_external_id: no passages row has the external id "PSG9"');
      const moved = await send('passages', [{ external_id: 'PSG2', test_external_id: 'TST1', text: 'x' }]);
      expect(moved.json().message).toBe(
        'row 0, test_external_id: has 1 questions in its test, so it cannot move to another test',
      );
      const deleted = await send('passages', [{ external_id: 'PSG2' }], { remove: true });
      expect(deleted.statusCode).toBe(422);
      expect(deleted.json().message).toBe(
        'row 0, external_id: has 1 questions on it; delete them or take them off it first',
      );
      expect((await send('passages', [{ external_id: 'PSG1' }], { remove: true })).json()).toMatchObject({
        deleted: 1,
      });
    });
  });

  describe('offline exams and results', () => {
    const result = (change: Record<string, unknown> = {}) => ({
      offline_exam_external_id: 'OX1',
      student_external_id: 'S1',
      subject: 'Science',
      attendance: 'P',
      marks: 38.5,
      rank: 2,
      ...change,
    });
    const exam = kindExamples.find((example) => example.kind === 'offline-exams')!.rows[0]!;
    const refused = async (kind: string, rows: unknown[], message: string) => {
      const response = await send(kind, rows);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().message).toBe(message);
    };

    it('refuses marks above the subject’s total, a subject the exam lacks and a student outside its batch', async () => {
      const before = (await auditOf('offline-results')).length;
      await refused(
        'offline-results',
        [result(), result({ student_external_id: 'S2', marks: 50.5 })],
        'row 1, marks: must be at most 50, the total marks of Science',
      );
      await refused(
        'offline-results',
        [result({ subject: 'English' })],
        'row 0, subject: must be a subject of the exam: Mathematics, Science',
      );
      await refused(
        'offline-results',
        [result({ offline_exam_external_id: 'OX2', subject: 'English' })],
        'row 0, student_external_id: is not in the batch of the exam',
      );
      await refused(
        'offline-results',
        [result({ attendance: 'A' })],
        'row 0, marks: must be empty when attendance is A (absent); row 0, rank: must be empty when attendance is A (absent)',
      );
      await refused(
        'offline-results',
        [result({ attendance: 'L' })],
        'row 0, attendance: must be P (present) or A (absent)',
      );
      // The valid first row of the refused batches was not written either.
      expect(await auditOf('offline-results')).toHaveLength(before);
      expect((await send('offline-results', [result()])).json()).toMatchObject({ created: 1 });
    });

    it('shows the student the exam with their marks per subject, rank and attendance', async () => {
      const student = await signIn(app, { user_name: '9822222221', password: 'first-pass-1' }, { host });
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/reports/Student/${student.student_id}`,
        headers: { authorization: student.student_auth, host },
      });
      expect(response.statusCode, response.body).toBe(200);
      const past = response.json().pastCourseExamSchdJson;
      const record = past
        .flatMap((group: { pastCourseExamList: unknown[] }) => group.pastCourseExamList)
        .find((item: { topic_name: string }) => item.topic_name === 'Term 1');
      expect(record).toMatchObject({
        start_time: '09:00',
        end_time: '11:00',
        attendance_status: 'P',
        courseLevelMarksObtain: 80.5,
        courseLevelTotalMarks: 100,
        subjectWiseExamSchdList: [
          { subject_name: 'Mathematics', marks_obtained: 42, total_marks: 50, rank: 1 },
          { subject_name: 'Science', marks_obtained: 38.5, total_marks: 50, rank: 2 },
        ],
      });
    });

    it('refuses to change an exam so that its results no longer fit, or to delete it while it has any', async () => {
      await refused(
        'offline-exams',
        [{ ...exam, subjects: 'Science', total_marks: '50' }],
        'row 0, subjects: leaves out Mathematics, which has results',
      );
      await refused(
        'offline-exams',
        [{ ...exam, total_marks: '40|50' }],
        'row 0, total_marks: Mathematics: must be at least 42, the highest marks recorded',
      );
      await refused(
        'offline-exams',
        [{ ...exam, batch_external_id: '7A' }],
        'row 0, batch_external_id: has results of 2 students, so its batch cannot change',
      );
      const deleting = await send('offline-exams', [{ external_id: 'OX1' }], { remove: true });
      expect(deleting.statusCode).toBe(422);
      expect(deleting.json().message).toBe('row 0, external_id: has results of 2 students, so it cannot be deleted');
      // A new subject with a higher total is fine.
      const widened = await send('offline-exams', [
        { ...exam, subjects: 'Mathematics|Science|English', total_marks: '60|50|20' },
      ]);
      expect(widened.json()).toMatchObject({ updated: 1 });
    });

    it('deletes results by exam, student and subject, answers unknown ones missing, then the exam', async () => {
      const keys = [
        { offline_exam_external_id: 'OX1', student_external_id: 'S1', subject: 'Mathematics' },
        { offline_exam_external_id: 'OX1', student_external_id: 'S1', subject: 'Science' },
        { offline_exam_external_id: 'OX1', student_external_id: 'S2', subject: 'Mathematics' },
        { offline_exam_external_id: 'OX1', student_external_id: 'S9', subject: 'Mathematics' },
      ];
      const response = await send('offline-results', keys, { remove: true });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().rows.map((row: { key: string; action: string }) => [row.key, row.action])).toEqual([
        ['OX1|S1|Mathematics', 'deleted'],
        ['OX1|S1|Science', 'deleted'],
        ['OX1|S2|Mathematics', 'deleted'],
        ['OX1|S9|Mathematics', 'missing'],
      ]);
      const audit = (await auditOf('offline-results')).filter((row) => row.action === 'delete');
      expect(audit.map((row) => [row.externalId, row.beforeId])).toContainEqual([
        'OX1|S1|Science',
        await idOf('offline-exams', 'OX1'),
      ]);
      expect((await send('offline-exams', [{ external_id: 'OX1' }], { remove: true })).json()).toMatchObject({
        deleted: 1,
      });
    });
  });
});
