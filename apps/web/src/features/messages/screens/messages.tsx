import { useSession } from '../../../lib/session.ts';
import { MessagesView } from '../components/messages-view.tsx';

/** /Messages: the inbox of the account's phone. */
export function MessagesScreen() {
  const session = useSession();
  return session ? <MessagesView session={session} /> : null;
}
