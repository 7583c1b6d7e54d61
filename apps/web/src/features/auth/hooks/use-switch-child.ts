import { authEndpoints } from '@campus/domain/auth/auth.endpoints';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { showToast } from '../../../components/toast.ts';
import { childParameter } from '../../../lib/notification-address.ts';
import { call } from '../../../lib/api-client.ts';
import { createStoredSession, getSession, saveSession } from '../../../lib/session.ts';

/**
 * Opens `path` on the child `studentId` (issue 31: an alert or a Today line about one child): a parent viewing
 * another child switches first — a new session for that child, and nothing cached of the other one is kept; a
 * student, or a parent already viewing that child, goes straight there.
 */
export function useOpenForChild() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (studentId: number, path: string, options: { replace?: boolean } = {}) => {
      const session = getSession();
      if (session?.parentslogin && session.student_id !== studentId) {
        const answer = await call(authEndpoints.switchChild, { body: { student_id: studentId } });
        queryClient.clear();
        saveSession(createStoredSession(answer.result, new Date()));
      }
      await navigate(path, options);
    },
    [navigate, queryClient],
  );
}

/**
 * An address naming a child (`?child=<student id>`: a phone notification, a shared link) opens on that child: a
 * parent's app viewing another switches first; the parameter then leaves the address. A child that is not the
 * account's is refused by the server, and the screen stays on the child viewed.
 */
export function useChildFromAddress() {
  const location = useLocation();
  const navigate = useNavigate();
  const openForChild = useOpenForChild();
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const search = new URLSearchParams(location.search);
    const child = Number(search.get(childParameter));
    if (!search.has(childParameter) || handled.current === location.key) return;
    handled.current = location.key;
    search.delete(childParameter);
    const rest = search.toString();
    const path = `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`;
    const stay = () => void navigate(path, { replace: true });
    if (!Number.isInteger(child) || child <= 0) return stay();
    openForChild(child, path, { replace: true }).catch(() => {
      showToast('This child could not be opened.', 'error');
      stay();
    });
  }, [location, navigate, openForChild]);
}
