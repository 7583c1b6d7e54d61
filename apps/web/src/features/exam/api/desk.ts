import { withPlaceholderLabels } from '@campus/domain/exam/exam-rules';
import type { ExamTest, TestLabel } from '@campus/domain/exam/exam.contract';
import { examEndpoints } from '@campus/domain/exam/exam.endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';
import { deskAuthorization, productTestIdsInput, productTestTypes } from './desk-requests.ts';

/** The exam service takes the session's exam desk credential (spec part 2 §7). */
const asDesk = (session: StoredSession, signal?: AbortSignal) => ({
  authorization: deskAuthorization(session),
  signal,
});

/**
 * GET /student/testLabels, with the MockP and OnlineP placeholders added when a type has no label; when the call
 * fails, both placeholders alone and no message (spec part 2 §4, §8).
 */
export async function getLabels(session: StoredSession, signal?: AbortSignal): Promise<TestLabel[]> {
  try {
    const { data } = await call(examEndpoints.labels, {}, asDesk(session, signal));
    return withPlaceholderLabels(data);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return withPlaceholderLabels([]);
  }
}

export const labelsQuery = (session: StoredSession) =>
  queryOptions({
    queryKey: ['exam', 'labels', session.institute_id, session.user_id],
    queryFn: ({ signal }) => getLabels(session, signal),
    retry: false,
  });

/** GET /student/testLabels/{labelId}/tests. */
export const getLabelTests = (session: StoredSession, labelId: number | string, signal?: AbortSignal) =>
  call(examEndpoints.labelTests, { params: { labelId } }, asDesk(session, signal)).then((answer) => answer.data);

export const labelTestsQuery = (session: StoredSession, labelId: number | string | null) =>
  queryOptions({
    queryKey: ['exam', 'tests', session.institute_id, session.user_id, labelId],
    queryFn: ({ signal }) => getLabelTests(session, labelId!, signal),
    enabled: labelId !== null,
    retry: false,
    // A test taken in the panel's window changes its card: back on the desk's tab, ask again (issue 27 item 6).
    refetchOnWindowFocus: 'always',
  });

/**
 * The tests of the user's products (types 1 and 4 only): their ids from the product service, then the tests by id
 * from the exam service.
 */
export async function getProductTests(session: StoredSession, signal?: AbortSignal): Promise<ExamTest[]> {
  const [mock, online] = await Promise.all(
    productTestTypes.map((itemType) =>
      call(examEndpoints.productTestIds, productTestIdsInput(session, itemType), { signal }),
    ),
  );
  const ids = [...mock!.result, ...online!.result].map((entry) => entry.test_id);
  if (ids.length === 0) return [];
  const { data } = await call(
    examEndpoints.testsById,
    { body: { test_ids: ids.join(','), user_id: session.user_id } },
    asDesk(session, signal),
  );
  return data;
}

export const productTestsQuery = (session: StoredSession) =>
  queryOptions({
    queryKey: ['exam', 'product-tests', session.institute_id, session.user_id],
    queryFn: ({ signal }) => getProductTests(session, signal),
    retry: false,
    refetchOnWindowFocus: 'always',
  });

export const useLabels = (session: StoredSession) => useQuery(labelsQuery(session));
export const useLabelTests = (session: StoredSession, labelId: number | string | null) =>
  useQuery(labelTestsQuery(session, labelId));
export const useProductTests = (session: StoredSession) => useQuery(productTestsQuery(session));

/** The desk's lists (a label's tests and the product tests), to refresh after a submit in the panel. */
export const deskListKeys = (session: StoredSession) => [
  ['exam', 'tests', session.institute_id, session.user_id],
  ['exam', 'product-tests', session.institute_id, session.user_id],
];

/**
 * POST /examPanel/launch: a single-use token and the panel's address carrying it (the read-only paper's address
 * for a test whose status is view).
 */
export const launchTest = (session: StoredSession, testId: number) =>
  call(examEndpoints.launch, { body: { test_id: testId } }, asDesk(session));
