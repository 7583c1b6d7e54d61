import { documentsEndpoints } from '@campus/domain/documents/documents.endpoints';
import { shareWithStudents } from '@campus/domain/documents/documents-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';

/** Students ask by student_id; open-course users (no student) by user_id. */
const viewer = (session: StoredSession) =>
  session.student_id !== null ? { student_id: session.student_id } : { user_id: session.user_id };

/** GET /api/v1/fileShare/{institute_id}?student_id= (or ?user_id=): the subject (or course) dropdown. */
export const subjectsQuery = (session: StoredSession) =>
  queryOptions({
    queryKey: ['documents', 'subjects', session.institute_id, session.student_id ?? session.user_id],
    queryFn: ({ signal }) =>
      call(
        documentsEndpoints.subjects,
        { params: { institute_id: session.institute_id }, query: viewer(session) },
        { signal },
      ),
    enabled: !session.parentslogin,
    retry: false,
  });

export const useSubjects = (session: StoredSession) => useQuery(subjectsQuery(session));

/**
 * GET /api/v1/fileShare/subject-level/{institute_id}: ?student_id=&subject_id=&share_with=2 for students,
 * ?share_with=2&user_id=&eCourse_id= for open-course users.
 */
export const useDocuments = (session: StoredSession, chosenId: number | null) =>
  useQuery({
    queryKey: ['documents', 'list', session.institute_id, chosenId],
    queryFn: ({ signal }) =>
      call(
        documentsEndpoints.subjectLevel,
        {
          params: { institute_id: session.institute_id },
          query:
            session.student_id !== null
              ? { student_id: session.student_id, subject_id: chosenId!, share_with: shareWithStudents }
              : { share_with: shareWithStudents, user_id: session.user_id, eCourse_id: chosenId! },
        },
        { signal },
      ),
    enabled: chosenId !== null,
    retry: false,
  });
