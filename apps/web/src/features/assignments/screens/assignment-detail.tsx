import { assignmentsPages } from '@campus/domain/assignments/assignments.page';
import { Navigate, useParams } from 'react-router';
import { useAccountActions } from '../../../lib/account-actions.ts';
import { useSession } from '../../../lib/session.ts';
import { AssignmentDetailView } from '../components/assignment-detail.tsx';

/**
 * /assignment/:fileId: one assignment with its submission. The upload does not go through api-client (it
 * needs progress events), so its 403 is handed back here to log out as api-client's listeners would.
 */
export function AssignmentDetailScreen() {
  const session = useSession();
  const { logout } = useAccountActions();
  const fileId = Number(useParams().fileId);
  if (!session) return null;
  if (!Number.isInteger(fileId) || fileId <= 0) return <Navigate to={assignmentsPages.assignment} replace />;
  return <AssignmentDetailView key={fileId} session={session} fileId={fileId} onForbidden={logout} />;
}
