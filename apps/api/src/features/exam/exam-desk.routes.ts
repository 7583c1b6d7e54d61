import { formatInZone } from '@campus/domain/calendar/calendar';
import { examContract, type ExamTest } from '@campus/domain/exam/exam.contract';
import { deskStatus } from '@campus/domain/exam/desk-status';
import { launchTokenSeconds, placeholderLabels, testTypes } from '@campus/domain/exam/exam-rules';
import { testPanelPage, testPaperPage } from '@campus/domain/shell/pages';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../access/define-route.ts';
import type { RequestScope } from '../../access/scope.ts';
import { deskCounts, launchTest } from './exam-attempt.service.ts';
import {
  findLabels,
  findProductTestIds,
  findTestsByIds,
  findTestsOfLabel,
  findUnlabelledTests,
  findUnlabelledTypes,
  type TestRow,
} from './exam.repository.ts';

/**
 * The types whose unlabelled tests each placeholder label lists: practice tests have no placeholder of their own
 * (spec part 2 §3), so an unlabelled one is listed under Mock Test, beside the mock tests, rather than lost.
 */
const placeholderTypes: Record<'MockP' | 'OnlineP', number[]> = {
  MockP: [testTypes.mock, testTypes.practice],
  OnlineP: [testTypes.online],
};

const number = (value: string | number | null) => (value === null ? null : Number(value));

function toExamTest(row: TestRow, instituteId: number, timeZone: string, now: Date): ExamTest {
  const start = formatInZone(row.startsAt, timeZone);
  const end = formatInZone(row.endsAt, timeZone);
  const yearFirst = (date: string) => date.split('-').reverse().join('-');
  const counts = deskCounts(row);
  return {
    ...counts,
    test_name: row.name,
    test_id: row.id,
    start_date: start.date,
    end_date: end.date,
    test_start_date: `${yearFirst(start.date)} ${start.time}`,
    test_end_date: `${yearFirst(end.date)} ${end.time}`,
    duration: row.durationMinutes,
    is_result_published: row.isResultPublished ? 1 : 0,
    title: row.title,
    status: deskStatus(counts, now.getTime()),
    test_institute_id: instituteId,
    total_score: row.isResultPublished ? number(row.bestScore) : null,
    total_marks: Number(row.totalMarks),
  };
}

const batchIdsOf = (scope: RequestScope) => (scope.session.studentId === null ? Promise.resolve([]) : scope.batchIds());

/** The exam desk (spec part 2 §2.3, §7): its labels, their tests, and the launch of a test into the panel. */
export function examDeskRoutes(app: FastifyInstance) {
  async function listOf(scope: RequestScope, rows: Promise<TestRow[]>) {
    const { instituteId } = scope.session;
    const [found, timeZone] = await Promise.all([rows, scope.timeZone()]);
    const now = app.now();
    return { data: found.map((row) => toExamTest(row, instituteId, timeZone, now)) };
  }

  defineRoute(app, examContract.labels, async ({ scope }) => {
    const { instituteId } = scope.session;
    const [rows, unlabelledTypes] = await Promise.all([
      findLabels(app.db, instituteId),
      batchIdsOf(scope).then((batchIds) => findUnlabelledTypes(app.db, instituteId, batchIds)),
    ]);
    const labels = rows.map((row) => ({
      label_id: row.id as number | string,
      label_name: row.name,
      test_type_id: row.testTypeId,
      title: row.title,
    }));
    // A test set for the student must be reachable: the placeholder that lists unlabelled tests is sent whenever
    // there are some, even when the institute has a label of that type (where the web would add none, §4).
    for (const placeholder of placeholderLabels) {
      const types = placeholderTypes[placeholder.label_id];
      if (types.some((type) => unlabelledTypes.includes(type))) labels.push({ ...placeholder });
    }
    return { data: labels };
  });

  defineRoute(app, examContract.labelTests, async ({ scope, params }) => {
    const { instituteId, userId } = scope.session;
    const list = { instituteId, userId, now: app.now() };
    const batchIds = await batchIdsOf(scope);
    const { labelId } = params;
    if (labelId === 'MockP' || labelId === 'OnlineP') {
      return listOf(scope, findUnlabelledTests(app.db, list, placeholderTypes[labelId], batchIds));
    }
    return listOf(scope, findTestsOfLabel(app.db, list, labelId, batchIds));
  });

  defineRoute(app, examContract.productTestIds, async ({ scope, params }) => {
    const { instituteId, userId } = scope.session;
    const type = params.itemType === 'Mock_Test' ? testTypes.mock : testTypes.online;
    const rows = await findProductTestIds(app.db, instituteId, userId, type);
    return {
      statusCode: 200,
      message: 'OK',
      result: rows.map((row) => ({ test_id: row.testId, test_institute_id: row.instituteId })),
    };
  });

  defineRoute(app, examContract.testsById, async ({ scope, body }) => {
    const { instituteId, userId } = scope.session;
    return listOf(scope, findTestsByIds(app.db, { instituteId, userId, now: app.now() }, body.test_ids));
  });

  defineRoute(app, examContract.time, async () => {
    const now = app.now().getTime();
    return { time: now, timestamp: Math.floor(now / 1000) };
  });

  // The desk asks for a single-use token (a signed one for the read-only paper); the new window exchanges it.
  defineRoute(app, examContract.launch, async ({ scope, body }) => {
    const { token, mode } = await launchTest(app, scope.session, body.test_id);
    return {
      launch_token: token,
      expires_in: launchTokenSeconds,
      panel_path: `/my-account${mode === 'view' ? testPaperPage : testPanelPage}#${token}`,
    };
  });
}
