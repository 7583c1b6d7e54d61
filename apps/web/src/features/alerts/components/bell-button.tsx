import { ActionIcon, Box } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Ref } from 'react';
import { BellIcon } from '../../../components/icons.tsx';
import { loadOnFirstUse, type TriggerProps } from '../../../components/load-on-first-use.tsx';
import { bellQuery } from '../api/bell.ts';

/** The unread count as the badge shows it: more than 99 reads 99+. */
export const unreadBadge = (unread: number) => (unread > 99 ? '99+' : String(unread));

/** The header's bell: its name and badge say how many alerts are unread. */
export function BellButton({
  isOpen = false,
  ref,
  ...handlers
}: { isOpen?: boolean; ref?: Ref<HTMLButtonElement> } & Partial<TriggerProps>) {
  const { data } = useQuery(bellQuery());
  const unread = data?.unread ?? 0;
  return (
    <ActionIcon
      ref={ref}
      {...handlers}
      variant="subtle"
      color="gray"
      c="inherit"
      size={44}
      pos="relative"
      aria-label={unread > 0 ? `Alerts, ${unread} unread` : 'Alerts'}
      aria-expanded={isOpen}
    >
      <BellIcon />
      {unread > 0 && (
        // The name says the count; the badge is for the eye.
        <Box
          component="span"
          aria-hidden="true"
          pos="absolute"
          top={4}
          right={2}
          px={5}
          fz={11}
          fw={700}
          lh="16px"
          miw={16}
          ta="center"
          bg="red.8"
          c="white"
          style={{ borderRadius: 8 }}
        >
          {unreadBadge(unread)}
        </Box>
      )}
    </ActionIcon>
  );
}

/** The header's alerts (issue 31): the bell draws at once; the list's code loads when it is first opened. */
export const AlertsBell = loadOnFirstUse<object>(() => import('./bell-panel.tsx'), BellButton);
