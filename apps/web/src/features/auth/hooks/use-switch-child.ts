import { authEndpoints } from '@campus/domain/auth/auth.endpoints';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
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
