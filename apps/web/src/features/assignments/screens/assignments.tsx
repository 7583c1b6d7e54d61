import { useSession } from '../../../lib/session.ts';
import { AssignmentList } from '../components/assignment-list.tsx';

/** /assignment: the assignments (Homework for schools) of the signed-in student or parent's child. */
export function AssignmentsScreen() {
  const session = useSession();
  return session ? <AssignmentList session={session} /> : null;
}
