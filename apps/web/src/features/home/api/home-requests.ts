import { openCourseUserType } from '@campus/domain/auth/user-types';
import type { InputOf } from '../../../lib/api-client.ts';
import type { homeEndpoints } from '@campus/domain/home/home.endpoints';
import type { feesEndpoints } from '@campus/domain/fees/fees.endpoints';
import type { StoredSession } from '../../../lib/session.ts';

// The home screen's requests, free of the query layer: the page's boot script sends them too (src/boot.ts).

/** Who the announcements are fetched for: open-course users (99) name no student (spec part 1 §6, §7). */
export type AnnouncementReader = Pick<StoredSession, 'institute_id' | 'user_type' | 'student_id'>;

export function announcementsInput(reader: AnnouncementReader): InputOf<typeof homeEndpoints.announcements> {
  const namesStudent = reader.user_type !== openCourseUserType;
  return {
    params: { instituteId: reader.institute_id },
    query: { is_active: 'true', student_id: namesStudent ? (reader.student_id ?? undefined) : undefined },
  };
}

export const bannersInput = (userType: number): InputOf<typeof homeEndpoints.banners> => ({ params: { userType } });

/** Whether the session shows banners: only the institute's marketing-and-banners setting turns them on (§2). */
export const showsBanners = (session: Pick<StoredSession, 'inst_set_up'>) =>
  session.inst_set_up.is_marketing_and_banner;

export type FeeDuesReader = Pick<StoredSession, 'institute_id' | 'student_id' | 'selectedAcadYrId' | 'parentslogin'>;

/** The fee summary behind the overdue banner: only parents see it, and only for a child in a year. */
export function feeDuesInput(reader: FeeDuesReader): InputOf<typeof feesEndpoints.summary> | null {
  if (!reader.parentslogin || reader.student_id === null || reader.selectedAcadYrId === null) return null;
  return {
    params: {
      instituteId: reader.institute_id,
      studentId: reader.student_id,
      academicYearId: reader.selectedAcadYrId,
    },
  };
}
