import { ActionIcon, AppShell, Box, Burger, Group, Image, Text, useMantineTheme } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { childParameter } from '../../../lib/notification-address.ts';
import { BellIcon } from '../../../components/icons.tsx';
import { OfflineNotice } from '../../../components/offline-notice.tsx';
import type { StoredSession } from '../../../lib/session.ts';
import { AcademicYearSelect } from './academic-year-select.tsx';
import { MainMenu } from './main-menu.tsx';
import { ProfilePopover } from './profile-popover.tsx';
import { SocialLinks } from './social-links.tsx';
import { ThemePicker } from './theme-picker.tsx';

/** Switches a parent's app to the child an address names (`?child=`); its code loads only for such an address. */
const ChildFromAddress = lazy(() => import('./child-from-address.tsx'));

/**
 * The alerts bell (issue 31): its code and its count load right after the shell draws, not before it, so the first
 * screen waits for neither; until then a bell with no count holds its place.
 */
const AlertsBell = lazy(() => import('../../alerts/index.ts').then((alerts) => ({ default: alerts.AlertsBell })));

function BellPlaceholder() {
  return (
    <ActionIcon variant="subtle" color="gray" c="inherit" size={44} aria-label="Alerts" disabled>
      <BellIcon />
    </ActionIcon>
  );
}

/**
 * The signed-in shell (spec part 1 §1, §2): a header with the institute, help and social links, theme picker and
 * profile popup; the menu beside the screen on wide screens and behind a burger on phones.
 */
export function AppLayout({
  session,
  onLogout,
  children,
}: {
  session: StoredSession;
  onLogout: () => void;
  children: ReactNode;
}) {
  const [isMenuOpen, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const namesChild = new URLSearchParams(location.search).has(childParameter);
  const theme = useMantineTheme();
  const headerColor = (theme.other as { headerColor?: string }).headerColor;
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !isMenuOpen } }}
      padding="md"
    >
      {/* The first tab stop: past the header and the menu straight to the screen (defect 11). */}
      <a
        href="#main-content"
        className="skip-link"
        onClick={(event) => {
          // The focus moves to the screen itself (the address keeps no #fragment).
          event.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        Skip to content
      </a>
      <AppShell.Header bg={headerColor} c={headerColor ? 'white' : undefined}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={isMenuOpen}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              color={headerColor ? 'white' : undefined}
              aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
            />
            {session.logo_url && (
              // Logos are drawn for a white page (dark lettering): on the Blue, Purple and dark headers they sit on
              // their own white plate, or their text vanishes into the header (defect 6).
              <Box
                visibleFrom="xs"
                bg="white"
                px={6}
                py={2}
                data-logo-plate
                style={{ borderRadius: 'var(--mantine-radius-sm)', lineHeight: 0 }}
              >
                <Image src={session.logo_url} alt="" h={32} w="auto" fit="contain" />
              </Box>
            )}
            {/* Two lines, smaller on a phone, rather than 'Greenfield Public Sch…' cut on one. */}
            <Text fw={700} fz={{ base: 'sm', xs: 'md' }} lh={1.25} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {session.institute_name}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <Group visibleFrom="sm" gap={4} wrap="nowrap">
              <SocialLinks session={session} />
            </Group>
            <Suspense fallback={<BellPlaceholder />}>
              <AlertsBell />
            </Suspense>
            <ThemePicker />
            <ProfilePopover session={session} onLogout={onLogout} />
          </Group>
        </Group>
      </AppShell.Header>
      {/* The navbar holds more than the menu; only the menu itself is the navigation landmark. */}
      <AppShell.Navbar p="sm" component="div">
        <AppShell.Section>
          <AcademicYearSelect session={session} />
        </AppShell.Section>
        {/* The browser's own scrolling: Mantine's ScrollArea would bring floating-ui into the first load. */}
        <AppShell.Section grow mt="sm" style={{ overflowY: 'auto', minHeight: 0 }}>
          <MainMenu session={session} onNavigate={close} />
        </AppShell.Section>
        <AppShell.Section hiddenFrom="sm" pt="sm">
          <SocialLinks session={session} />
        </AppShell.Section>
      </AppShell.Navbar>
      {namesChild && (
        <Suspense fallback={null}>
          <ChildFromAddress />
        </Suspense>
      )}
      <AppShell.Main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
        <OfflineNotice session={session} />
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
