import { NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { StoredSession } from '../../../lib/session.ts';
import { activeMenuKey, visibleMenuItems } from '../../../lib/shell-areas.ts';

/** The menu of spec part 1 §2: the items the session may see, the one matching the address highlighted. */
export function MainMenu({ session, onNavigate }: { session: StoredSession; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const items = visibleMenuItems(session);
  const activeKey = activeMenuKey(items, pathname);
  return (
    <nav aria-label="Main menu">
      <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <li key={item.key}>
            <NavLink
              component={Link}
              to={item.path}
              label={item.label}
              active={item.key === activeKey}
              aria-current={item.key === activeKey ? 'page' : undefined}
              onClick={onNavigate}
            />
          </li>
        ))}
      </Stack>
    </nav>
  );
}
