import { announcementHeading, announcementsOnHome } from '@campus/domain/home/home-rules';
import type { Announcement } from '@campus/domain/home/home.contract';
import { matchesAnnouncement } from '@campus/domain/home/home-rules';
import { homePages } from '@campus/domain/home/home.page';
import { Button, Center, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { AnnouncementCard } from './announcement-card.tsx';

/** Empty state of the announcements (spec part 1 §2), verbatim. */
export const noAnnouncementsText = 'No Record found !';

interface AnnouncementsProps {
  announcements: Announcement[];
  isLoading: boolean;
  isSchool: boolean;
}

function Cards({ announcements, isLoading }: { announcements: Announcement[]; isLoading: boolean }) {
  if (isLoading) {
    return (
      <Center p="md">
        <Loader role="status" aria-label="Loading announcements" />
      </Center>
    );
  }
  if (announcements.length === 0) return <Text ta="center">{noAnnouncementsText}</Text>;
  return (
    <Stack gap="sm">
      {announcements.map((announcement, index) => (
        <AnnouncementCard key={`${index}-${announcement.ancmnt_title}`} announcement={announcement} />
      ))}
    </Stack>
  );
}

/** Home's part: the first 3 announcements under NOTICE BOARD / ANNOUNCEMENT, and View All. */
export function AnnouncementPreview({ announcements, isLoading, isSchool }: AnnouncementsProps) {
  const heading = announcementHeading(isSchool, 'home');
  return (
    <Stack component="section" aria-labelledby="announcements-heading" gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3" id="announcements-heading">
          {heading}
        </Title>
        {announcements.length > 0 && (
          <Button component={Link} to={homePages.announcement} variant="light">
            View All
          </Button>
        )}
      </Group>
      <Cards announcements={announcements.slice(0, announcementsOnHome)} isLoading={isLoading} />
    </Stack>
  );
}

/**
 * /announcement: every announcement under Notice Board / Announcement, with a search over title, description,
 * updated_by, announced date and the 12-hour time of update (spec part 1 §5).
 */
export function AnnouncementFullList({ announcements, isLoading, isSchool }: AnnouncementsProps) {
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const shown = announcements.filter((announcement) => matchesAnnouncement(announcement, deferredQuery));
  return (
    <Stack component="section" aria-labelledby="announcements-heading" gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} size="h3" id="announcements-heading">
          {announcementHeading(isSchool, 'list')}
        </Title>
        <TextInput
          label="Search"
          placeholder="Search"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          w={{ base: '100%', xs: 280 }}
        />
      </Group>
      <Cards announcements={shown} isLoading={isLoading} />
    </Stack>
  );
}
