import { signedInPages } from '@campus/domain/shell/pages';
import { Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';
import { useAnnouncements } from '../api/get-announcements.ts';
import { useBanners } from '../api/get-banners.ts';
import { AnnouncementFullList, AnnouncementPreview } from './announcement-list.tsx';
import { BannerCarousel } from './banner-carousel.tsx';
import { ClockPanel } from './clock-panel.tsx';
import { PromoDialog } from './promo-dialog.tsx';

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
  const isFullList = useLocation().pathname.toLowerCase().startsWith(signedInPages.announcement.toLowerCase());
  const banners = useBanners(session);
  const announcements = useAnnouncements(session);

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

  // /announcement is the same screen with the whole list, searchable, in place of the banners and first three.
  return (
    <Stack gap="lg">
      <ClockPanel session={session} />
      {isFullList ? (
        <AnnouncementFullList {...listProps} />
      ) : (
        <>
          <BannerCarousel banners={banners.data?.banner ?? []} />
          <AnnouncementPreview {...listProps} />
          <PromoDialog imageUrl={banners.data?.prom?.web_url} />
        </>
      )}
    </Stack>
  );
}
