import { homeEndpoints } from '@campus/domain/home/home.endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { keepOffline } from '../../../lib/offline-query.ts';
import { call } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';
import { announcementsInput, type AnnouncementReader } from './home-requests.ts';

/** GET /api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/{instituteId}: newest first. */
export async function getAnnouncements(reader: AnnouncementReader, signal?: AbortSignal) {
  const answer = await call(homeEndpoints.announcements, announcementsInput(reader), { signal });
  return answer.data.result;
}

export const announcementsQuery = (session: StoredSession) =>
  keepOffline(
    queryOptions({
      // The audience follows the student's batches of the selected academic year.
      queryKey: [
        'home',
        'announcements',
        session.institute_id,
        session.user_id,
        session.student_id,
        session.selectedAcadYrId,
      ],
      queryFn: ({ signal }) => getAnnouncements(session, signal),
      // Failures are silent or log out (spec part 1 §8): retrying would only delay that.
      retry: false,
    }),
  );

/** The announcements addressed to the signed-in user. */
export const useAnnouncements = (session: StoredSession) => useQuery(announcementsQuery(session));
