import { homePages } from '@campus/domain/home/home.page';
import { Stack } from '@mantine/core';
import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { isUnanswered, LoadFailure } from '../../../components/load-failure.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';
import { useAnnouncements } from '../api/get-announcements.ts';
import { useBanners } from '../api/get-banners.ts';
import { useFeeDues } from '../api/get-fee-dues.ts';
import { localDate } from '../../../lib/local-date.ts';
import { useLiveWeek } from '../api/get-live-week.ts';
import { useToday } from '../api/get-today.ts';
import { AnnouncementFullList, AnnouncementPreview } from './announcement-list.tsx';
import { Banners } from './banners.tsx';
import { ClockPanel } from './clock-panel.tsx';
import { OverdueBanner } from './overdue-banner.tsx';
import { LiveWeek } from './live-week.tsx';
import { PromoDialog } from './promo-dialog.tsx';
import { TodaySection } from './today-section.tsx';

export interface HomeScreenProps {
  session: StoredSession;
  /** Logs out with the server's message: the announcement fetch answered 400 (a 403 logs out by itself). */
  onSessionRejected: (message: string) => void;
}

/**
 * Home (/dashboard) and the announcement list (/announcement), spec part 1 §1–§2. Banners and announcements are
 * asked for together, in one round, as soon as the screen opens; only the session decides either request.
 */
export function HomeScreen({ session, onSessionRejected }: HomeScreenProps) {
  const isFullList = useLocation().pathname.toLowerCase().startsWith(homePages.announcement.toLowerCase());
  // Each answer is rendered through a deferred value: a query's update renders at once and in one piece, which on a
  // slow phone is a long task; deferred, React builds the screen in slices it can interrupt (Lighthouse TBT).
  const banners = useDeferredValue(useBanners(session));
  const announcements = useDeferredValue(useAnnouncements(session));
  const liveWeek = useDeferredValue(useLiveWeek(session, localDate()));
  const feeDues = useDeferredValue(useFeeDues(session));
  const today = useDeferredValue(useToday(session));
  // The parts above the announcements (fee banner, banners, live classes) show up only when there is something to
  // show: they take their places together with the list below them, so nothing moves as each answer arrives.
  const isSettling = feeDues.isLoading || (!isFullList && (banners.isLoading || liveWeek.isLoading || today.isLoading));

  const failure = announcements.error;
  useEffect(() => {
    // Spec part 1 §8: a 400 or 403 of the announcement fetch logs out; any other failure stays silent.
    if (failure instanceof ApiError && failure.status === 400) onSessionRejected(failure.message);
  }, [failure, onSessionRejected]);

  const listProps = {
    announcements: announcements.data ?? [],
    isLoading: announcements.isPending,
    isSchool: session.is_institute_type_school,
  };

  // No answer at all (offline): say so, rather than 'No Record found !' as if there were no announcements.
  const unanswered = !announcements.data && isUnanswered(failure);
  const announcementsPart = (list: ReactNode) =>
    unanswered ? <LoadFailure error={failure} onRetry={() => void announcements.refetch()} /> : list;

  // /announcement is the same screen with the whole list, searchable, in place of the banners and first three.
  return (
    <Stack gap="lg">
      <ClockPanel session={session} />
      {isSettling ? (
        <PageLoader label="Loading announcements" />
      ) : isFullList ? (
        <>
          <OverdueBanner session={session} />
          {announcementsPart(<AnnouncementFullList {...listProps} />)}
        </>
      ) : (
        <>
          <OverdueBanner session={session} />
          <TodaySection session={session} />
          <Banners banners={banners.data?.banner ?? []} />
          <LiveWeek session={session} />
          {announcementsPart(<AnnouncementPreview {...listProps} />)}
          <PromoDialog imageUrl={banners.data?.prom?.web_url} />
        </>
      )}
    </Stack>
  );
}
