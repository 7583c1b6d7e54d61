import { assignmentsPages } from '@campus/domain/assignments/assignments.page';
import { prefetching, screenRoute, type FeatureRoutes } from '../../lib/feature-routes.tsx';

const assignmentsData = prefetching(async (session, prefetch) => {
  const { studentAssignmentsQuery } = await import('./api/get-assignments.ts');
  prefetch(studentAssignmentsQuery(session));
});
const assignments = async () => (await import('./screens/assignments.tsx')).AssignmentsScreen;
const assignmentDetail = async () => (await import('./screens/assignment-detail.tsx')).AssignmentDetailScreen;

/** The assignment list and one assignment with its submission (spec part 1 §2). */
export const routes: FeatureRoutes = [
  screenRoute(assignmentsPages.assignment, assignments, { data: assignmentsData }),
  screenRoute(assignmentsPages.assignmentDetail, assignmentDetail),
];
