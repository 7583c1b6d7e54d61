import { useEffect, type ReactNode } from 'react';
import { useLogout } from '../../features/auth/api/logout.ts';
import { onForbidden } from '../../lib/api-client.ts';
import { getSession } from '../../lib/session.ts';

/** Wraps every route: a 403 from any call logs the signed-in user out with the server's message (spec §4, §8). */
export function RootLayout({ children }: { children: ReactNode }) {
  const logout = useLogout();
  useEffect(() => {
    const unsubscribe = onForbidden((message) => {
      if (getSession()) void logout(message);
    });
    return () => {
      unsubscribe();
    };
  }, [logout]);
  return children;
}
