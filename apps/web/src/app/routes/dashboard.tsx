import { useState } from 'react';
import { Greeting } from '../../features/home/components/greeting.tsx';
import { useSession } from '../../lib/session.ts';

/** /dashboard (and /announcement): the greeting; the rest of home is a later issue. */
export function DashboardScreen() {
  const session = useSession();
  const [now] = useState(() => new Date());
  return session ? <Greeting session={session} now={now} /> : null;
}
