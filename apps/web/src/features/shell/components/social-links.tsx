import { ActionIcon, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  FacebookIcon,
  HelpIcon,
  InstagramIcon,
  LinkedinIcon,
  TwitterIcon,
  WhatsappIcon,
  YoutubeIcon,
} from '../../../components/icons.tsx';
import type { StoredSession } from '../../../lib/session.ts';

type LinkSource = Pick<
  StoredSession,
  'help_url' | 'twitter_url' | 'facebook_url' | 'linkedin_url' | 'whatsapp_url' | 'youtube_url' | 'instagram_url'
>;

/** Only http(s) addresses become links; anything else from the database is left out. */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url.trim());

/** The header's help link and social links (spec part 1 §1), each only when the institute set it. */
export function SocialLinks({ session }: { session: LinkSource }) {
  const links: [string, string, ReactNode][] = [
    ['Help', session.help_url, <HelpIcon key="help" />],
    ['Twitter', session.twitter_url, <TwitterIcon key="twitter" />],
    ['Facebook', session.facebook_url, <FacebookIcon key="facebook" />],
    ['LinkedIn', session.linkedin_url, <LinkedinIcon key="linkedin" />],
    ['WhatsApp', session.whatsapp_url, <WhatsappIcon key="whatsapp" />],
    ['YouTube', session.youtube_url, <YoutubeIcon key="youtube" />],
    ['Instagram', session.instagram_url, <InstagramIcon key="instagram" />],
  ];
  const shown = links.filter(([, url]) => url && isWebAddress(url));
  if (shown.length === 0) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {shown.map(([label, url, icon]) => (
        // The browser's own tooltip (title): Mantine's would bring its floating layer into the first load.
        <ActionIcon
          key={label}
          title={label}
          component="a"
          href={url.trim()}
          target="_blank"
          rel="noopener noreferrer"
          variant="subtle"
          color="gray"
          c="inherit"
          size="lg"
          aria-label={label}
        >
          {icon}
        </ActionIcon>
      ))}
    </Group>
  );
}
