import { signedInPages } from '@campus/domain/shell/pages';
import { prefetching, type FeatureRoutes } from '../../lib/feature-routes.ts';

const assignmentsData = prefetching(async (session, prefetch) => {
  const { studentAssignmentsQuery } = await import('./api/get-assignments.ts');
  prefetch(studentAssignmentsQuery(session));
});
const assignments = async () => ({ Component: (await import('./screens/assignments.tsx')).AssignmentsScreen });
const assignmentDetail = async () => ({
  Component: (await import('./screens/assignment-detail.tsx')).AssignmentDetailScreen,
});

/** The assignment list and one assignment with its submission (spec part 1 §2). */
export const assignmentsRoutes: FeatureRoutes = (queryClient) => [
  { path: signedInPages.assignment, loader: assignmentsData(queryClient), lazy: assignments },
  { path: signedInPages.assignmentDetail, lazy: assignmentDetail },
];
