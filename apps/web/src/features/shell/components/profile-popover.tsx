import { Avatar, UnstyledButton } from '@mantine/core';
import type { Ref } from 'react';
import { loadOnFirstUse, type TriggerProps } from '../../../components/load-on-first-use.tsx';
import type { StoredSession } from '../../../lib/session.ts';

export const isWebAddress = (url: string) => /^https?:\/\//i.test(url.trim());

/**
 * Who the header shows: the parent for a parent login, else the student. A parent has no ID of their own that
 * means anything to them (the account's row number read "ID: 3", defect 7): the ID shown is the child's, whom
 * the parent views, with the child named.
 */
export function describeUser(session: StoredSession) {
  return session.parentslogin
    ? {
        name: session.parent_name || session.name,
        id: session.student_display_id,
        phone: session.parent_num,
        parentOf: session.name,
      }
    : { name: session.name, id: session.student_display_id, phone: session.student_phone, parentOf: undefined };
}

/** The header's photo button that opens the profile popup. */
export function ProfileButton({
  session,
  isOpen = false,
  ref,
  ...handlers
}: { session: StoredSession; isOpen?: boolean; ref?: Ref<HTMLButtonElement> } & Partial<TriggerProps>) {
  return (
    <UnstyledButton
      ref={ref}
      {...handlers}
      aria-label="Profile menu"
      aria-expanded={isOpen}
      style={{ borderRadius: '50%' }}
    >
      {/* No initials: visible text inside the button would have to be part of its name. */}
      <Avatar src={session.photo_url || null} alt={describeUser(session).name} />
    </UnstyledButton>
  );
}

/** The profile popup of the header (spec part 1 §2); its popover code loads on first use. */
export const ProfilePopover = loadOnFirstUse<{ session: StoredSession; onLogout: () => void }>(
  () => import('./profile-popover-panel.tsx'),
  ProfileButton,
);
