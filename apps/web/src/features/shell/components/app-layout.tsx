import { AppShell, Burger, Group, Image, Text, useMantineTheme } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import type { StoredSession } from '../../../lib/session.ts';
import { AcademicYearSelect } from './academic-year-select.tsx';
import { MainMenu } from './main-menu.tsx';
import { ProfilePopover } from './profile-popover.tsx';
import { SocialLinks } from './social-links.tsx';
import { ThemePicker } from './theme-picker.tsx';

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
  const theme = useMantineTheme();
  const headerColor = (theme.other as { headerColor?: string }).headerColor;
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !isMenuOpen } }}
      padding="md"
    >
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
            {session.logo_url && <Image src={session.logo_url} alt="" h={32} w="auto" fit="contain" visibleFrom="xs" />}
            <Text fw={700} truncate="end">
              {session.institute_name}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <Group visibleFrom="sm" gap={4} wrap="nowrap">
              <SocialLinks session={session} />
            </Group>
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
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
