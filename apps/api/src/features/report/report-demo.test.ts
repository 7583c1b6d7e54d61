import type { Session } from '@campus/domain/auth/auth.contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth-helpers.ts';
import { createDemoApp } from '../../../test/helpers.ts';
import { demoLogins } from '../../db/seed/demo-accounts.ts';

// The demo promises: in both institutes a released test taken by the classmates (a meaningful rank), an unreleased
// attempt, offline results with an absence and upcoming exams, bookmarks of every question type.
describe('the exam reports demo', () => {
  let app: Awaited<ReturnType<typeof createDemoApp>>;
  const sessions: [Session, string][] = [];

  beforeAll(async () => {
    app = await createDemoApp({ rateLimits: { loginPerMinute: 1000 } });
    sessions.push([await signIn(app, { user_name: demoLogins.greenfieldStudent }), 'localhost']);
    sessions.push([
      await signIn(app, { user_name: demoLogins.apexStudent }, { host: 'apex.localhost' }),
      'apex.localhost',
    ]);
  });
  afterAll(() => app.close());

  it('ranks the demo student among several classmates on a released test, and refuses the unreleased one', async () => {
    for (const [session, host] of sessions) {
      const result = await app.db.execute(sql`select a.test_id, t.is_result_published from exam_attempts a
        join exam_tests t on t.institute_id = a.institute_id and t.id = a.test_id
        where a.institute_id = ${session.institute_id} and a.user_id = ${session.user_id} and a.submitted_at is not null
        order by a.id`);
      const rows = ((result as unknown as { rows?: unknown[] }).rows ?? result) as {
        test_id: number;
        is_result_published: boolean;
      }[];
      const released = rows.find((row) => row.is_result_published)!;
      const unreleased = rows.find((row) => !row.is_result_published)!;
      const get = (testId: number) =>
        app.inject({
          method: 'GET',
          url: `/api/v1/studentdashboard/testReports/${session.account_id}/${session.user_id}/${testId}/-1`,
          headers: { host, authorization: session.scorecard_auth_token },
        });
      const response = await get(released.test_id);
      expect(response.statusCode, response.body).toBe(200);
      const report = response.json();
      expect(report.test_report.total_students).toBeGreaterThanOrEqual(3);
      expect(report.topper_report.marks_obtained).toBeGreaterThanOrEqual(report.test_report.total_score);
      expect((await get(unreleased.test_id)).statusCode).toBe(404);
      // The released practice paper the student took alone: a single student's percentile is 99 (§5).
      const alone = rows.filter((row) => row.is_result_published).at(-1)!;
      expect(alone.test_id).not.toBe(released.test_id);
      const single = (await get(alone.test_id)).json();
      expect(single.test_report).toMatchObject({ total_students: 1, rank: 1, percentile: 99 });

      const bookmarks = await app.inject({
        method: 'GET',
        url: `/student/testLabels/bookmark/${session.user_id}`,
        headers: { host, authorization: session.examdesk_auth_token },
      });
      const types = new Set(bookmarks.json().data.map((b: { ques_type: number }) => b.ques_type));
      expect([...types].sort()).toEqual([1, 2, 3, 5, 6, 7]);

      const offline = await app.inject({
        method: 'GET',
        url: `/api/v1/reports/Student/${session.student_id}`,
        headers: { host, authorization: session.student_auth },
      });
      expect(offline.statusCode, offline.body).toBe(200);
      const past = offline.json().pastCourseExamSchdJson[0].pastCourseExamList;
      expect(past.length).toBe(4);
      expect(past.some((exam: { attendance_status: string }) => exam.attendance_status === 'A')).toBe(true);
      expect(offline.json().batchExamSchdJsons.futureCourseExamSchdJson[0].futureCourseExamList).toHaveLength(2);
    }
  });
});
