import { selectedYearFields } from '@campus/domain/auth/academic-year';
import { withAcademicYear } from '@campus/domain/auth/credential';
import { homePages } from '@campus/domain/home/home.page';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { saveSession, type StoredSession } from '../../../lib/session.ts';

/** The switch goes to the dashboard after this long (spec part 1 §9). */
export const academicYearSwitchDelayMs = 400;

/**
 * The academic-year switch (spec part 1 §4): the credential's year part is rewritten and stored with the year's dates
 * (issue 27), cached data of the old year is dropped, and the dashboard opens after 400 ms.
 */
export function useSwitchAcademicYear() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (session: StoredSession, yearId: number) => {
      saveSession({
        ...session,
        student_auth: withAcademicYear(session.student_auth, yearId),
        ...selectedYearFields(session, yearId),
      });
      void queryClient.invalidateQueries();
      setTimeout(() => void navigate(homePages.dashboard), academicYearSwitchDelayMs);
    },
    [navigate, queryClient],
  );
}
