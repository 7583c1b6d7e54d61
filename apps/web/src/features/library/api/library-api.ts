import { libraryEndpoints } from '@campus/domain/library/library.endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';

/** The student's id, or the user's for open-course users (user_type 99). */
const viewerId = (session: StoredSession) => session.student_id ?? session.user_id;

/** GET /api/v1/instFileSystem/get-student-ecourses/{institute_id}/{student_or_user_id}?source=STUDENT_PORTAL */
export const coursesQuery = (session: StoredSession) =>
  queryOptions({
    queryKey: ['library', 'courses', session.institute_id, viewerId(session)],
    queryFn: ({ signal }) =>
      call(
        libraryEndpoints.ecourses,
        {
          params: { institute_id: session.institute_id, student_or_user_id: viewerId(session) },
          query: { source: 'STUDENT_PORTAL' },
        },
        { signal },
      ),
    // Parents have no study library (the call would refuse them).
    enabled: !session.parentslogin,
    retry: false,
  });

export const useCourses = (session: StoredSession) => useQuery(coursesQuery(session));

/** POST /api/v1/instFileSystem/get-study-material for the chosen course. */
export const useStudyMaterial = (session: StoredSession, course: { ecourse_id: number; product_id: number } | null) =>
  useQuery({
    queryKey: ['library', 'material', session.institute_id, course?.ecourse_id],
    queryFn: ({ signal }) =>
      call(
        libraryEndpoints.studyMaterial,
        {
          body: {
            ecourse_id: course!.ecourse_id,
            institute_id: session.institute_id,
            product_id: course!.product_id,
          },
        },
        { signal },
      ),
    enabled: course !== null,
    retry: false,
  });
