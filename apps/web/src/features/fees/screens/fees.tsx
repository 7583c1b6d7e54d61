import { useSession } from '../../../lib/session.ts';
import { FeesView } from '../components/fees-view.tsx';

/** /fees: the viewed student's fees (parents: the selected child). */
export function FeesScreen() {
  const session = useSession();
  return session ? <FeesView session={session} /> : null;
}
