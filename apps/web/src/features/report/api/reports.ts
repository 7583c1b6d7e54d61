import { examEndpoints } from '@campus/domain/exam/exam.endpoints';
import { withPlaceholderLabels } from '@campus/domain/exam/exam-rules';
import { reportEndpoints } from '@campus/domain/report/report.endpoints';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';

/** The exam service takes the exam desk credential; the report the score card credential (spec part 2 §7). */
const asDesk = (session: StoredSession, signal?: AbortSignal) => ({
  authorization: session.examdesk_auth_token,
  signal,
});
const asScoreCard = (session: StoredSession, signal?: AbortSignal) => ({
  authorization: session.scorecard_auth_token,
  signal,
});

/** Test labels with the placeholders; both placeholders alone when the call fails (spec part 2 §4, §8). */
export const reportLabelsQuery = (session: StoredSession) =>
  queryOptions({
    queryKey: ['report', 'labels', session.institute_id, session.user_id],
    queryFn: async ({ signal }) => {
      try {
        return withPlaceholderLabels((await call(examEndpoints.labels, {}, asDesk(session, signal))).data);
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        return withPlaceholderLabels([]);
      }
    },
    retry: false,
  });

export const useReportLabels = (session: StoredSession) => useQuery(reportLabelsQuery(session));

export const useReportTests = (session: StoredSession, labelId: number | string | null) =>
  useQuery({
    queryKey: ['report', 'tests', session.institute_id, session.user_id, labelId],
    queryFn: ({ signal }) =>
      call(examEndpoints.labelTests, { params: { labelId: labelId! } }, asDesk(session, signal)).then((a) => a.data),
    enabled: labelId !== null,
    retry: false,
  });

/** GET studentdashboard/testReports/{account_id}/{user_id}/{test_id}/-1. */
export const useTestReport = (session: StoredSession, testId: number | null) =>
  useQuery({
    queryKey: ['report', 'report', session.institute_id, session.user_id, testId],
    queryFn: ({ signal }) =>
      call(
        reportEndpoints.testReport,
        { params: { accountId: session.account_id, userId: session.user_id, testId: testId!, scope: '-1' } },
        asScoreCard(session, signal),
      ),
    enabled: testId !== null,
    retry: false,
  });

/** GET reports/Student/{studentId}: the offline results. */
export const useOfflineReport = (session: StoredSession, enabled: boolean) =>
  useQuery({
    queryKey: ['report', 'offline', session.institute_id, session.student_id],
    queryFn: ({ signal }) => call(reportEndpoints.student, { params: { studentId: session.student_id! } }, { signal }),
    enabled: enabled && session.student_id !== null,
    retry: false,
  });

export const useBookmarks = (session: StoredSession, enabled: boolean) =>
  useQuery({
    queryKey: ['report', 'bookmarks', session.institute_id, session.user_id],
    queryFn: ({ signal }) =>
      call(reportEndpoints.bookmarks, { params: { userId: session.user_id } }, asDesk(session, signal)).then(
        (a) => a.data,
      ),
    enabled,
    retry: false,
  });

export const useBookmark = (session: StoredSession, questionId: number | null) =>
  useQuery({
    queryKey: ['report', 'bookmark', session.institute_id, session.user_id, questionId],
    queryFn: ({ signal }) =>
      call(
        reportEndpoints.bookmark,
        { params: { userId: session.user_id, questionId: questionId! } },
        asDesk(session, signal),
      ).then((a) => a.data),
    enabled: questionId !== null,
    retry: false,
  });

/** POST deleteBookmark; on validate 1 the list is fetched again. */
export function useDeleteBookmark(session: StoredSession) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (questionId: number) =>
      call(
        reportEndpoints.deleteBookmark,
        { body: { student_id: session.student_id ?? session.user_id, question_id: questionId } },
        asDesk(session),
      ),
    onSuccess: (answer) => {
      if (answer.validate === 1) void client.invalidateQueries({ queryKey: ['report', 'bookmarks'] });
    },
  });
}
