import { notifications } from '@mantine/notifications';
import type { Session } from '@campus/domain/auth/auth.contract';
import { decodeCredential } from '@campus/domain/auth/credential';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../lib/session.ts';
import { apexStudent, greenfieldParent, greenfieldStudent, storeSession, testDay } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render.tsx';

async function openAs(session: Session, path = '/dashboard') {
  storeSession(session);
  const view = renderRoute(path);
  await screen.findByRole('navigation', { name: 'Main menu' });
  return view;
}

const menuLabels = () =>
  within(screen.getByRole('navigation', { name: 'Main menu' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the signed-in shell', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(9));
  });
  afterEach(() => vi.useRealTimers());

  describe('menu (spec part 1 §2)', () => {
    it('shows a Greenfield student every item, with Homework for the school', async () => {
      await openAs(greenfieldStudent());
      expect(menuLabels()).toEqual([
        'Home',
        'Time Table',
        'Study Materials',
        'Live Classes',
        'My Exam',
        'Exam Reports',
        'Documents',
        'Homework',
        'My Products',
        'Event Calender',
        'Fees',
        'Messages',
        'Profile',
      ]);
    });

    it('hides Study Materials and Documents from a Greenfield parent', async () => {
      await openAs(greenfieldParent());
      expect(menuLabels()).toEqual([
        'Home',
        'Time Table',
        'Live Classes',
        'My Exam',
        'Exam Reports',
        'Homework',
        'My Products',
        'Event Calender',
        'Fees',
        'Messages',
        'Profile',
      ]);
    });

    it('shows an Apex student Assignments, without Documents or Event Calender', async () => {
      await openAs(apexStudent());
      expect(menuLabels()).toEqual([
        'Home',
        'Time Table',
        'Study Materials',
        'Live Classes',
        'My Exam',
        'Exam Reports',
        'Assignments',
        'My Products',
        'Fees',
        'Messages',
        'Profile',
      ]);
    });

    it('gives an Apex open-course user (99) the reduced menu', async () => {
      await openAs(apexStudent({ user_type: 99, name: 'Dev Buyer' }));
      expect(menuLabels()).toEqual([
        'Home',
        'Time Table',
        'Study Materials',
        'Live Classes',
        'My Exam',
        'Exam Reports',
        'My Products',
        'Messages',
        'Profile',
      ]);
    });

    it('links each item to its route and highlights the one of the address', async () => {
      await openAs(greenfieldStudent(), '/messages');
      const menu = screen.getByRole('navigation', { name: 'Main menu' });
      expect(within(menu).getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');
      expect(within(menu).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
      expect(within(menu).getByRole('link', { name: 'Time Table' })).toHaveAttribute('href', '/timetable');
      await userEvent.click(within(menu).getByRole('link', { name: 'Time Table' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Time Table' })).toBeInTheDocument();
      expect(within(menu).getByRole('link', { name: 'Time Table' })).toHaveAttribute('aria-current', 'page');
    });

    it('highlights Homework on an assignment’s detail', async () => {
      await openAs(greenfieldStudent(), '/assignment/42');
      expect(screen.getByRole('link', { name: 'Homework' })).toHaveAttribute('aria-current', 'page');
    });
  });

  describe('header', () => {
    it('shows the institute, the help link and the configured social links', async () => {
      await openAs(greenfieldStudent());
      const header = screen.getByRole('banner');
      expect(within(header).getByText('Greenfield Public School')).toBeInTheDocument();
      expect(within(header).getByRole('link', { name: 'Help' })).toHaveAttribute(
        'href',
        'https://help.greenfield.test/portal',
      );
      for (const [name, href] of [
        ['Twitter', 'https://twitter.com/greenfield'],
        ['Facebook', 'https://facebook.com/greenfield'],
        ['LinkedIn', 'https://linkedin.com/school/greenfield'],
        ['WhatsApp', 'https://wa.me/919000000000'],
        ['YouTube', 'https://youtube.com/@greenfield'],
        ['Instagram', 'https://instagram.com/greenfield'],
      ]) {
        expect(within(header).getByRole('link', { name })).toHaveAttribute('href', href);
      }
    });

    it('leaves out links the institute did not set', async () => {
      await openAs(apexStudent({ youtube_url: 'https://youtube.com/@apex' }));
      const header = screen.getByRole('banner');
      expect(within(header).getByText('Apex Coaching Institute')).toBeInTheDocument();
      expect(
        within(header)
          .getAllByRole('link')
          .map((link) => link.getAttribute('aria-label')),
      ).toEqual(['YouTube']);
    });

    it('opens the profile popup of a student: photo, name, student ID, phone, Profile, Logout and policies', async () => {
      await openAs(greenfieldStudent({ photo_url: '/files/aarav.jpg' }));
      await userEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
      const popup = await screen.findByRole('dialog', { name: 'Profile menu' });
      expect(within(popup).getByText('Aarav Sharma')).toBeInTheDocument();
      expect(within(popup).getByText('ID: GPS-0001')).toBeInTheDocument();
      expect(within(popup).getByText('Phone: 9000000001')).toBeInTheDocument();
      expect(within(popup).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
        'href',
        'https://greenfield.test/privacy',
      );
      expect(within(popup).getByRole('link', { name: 'Terms Of Service' })).toHaveAttribute(
        'href',
        'https://greenfield.test/terms',
      );
      expect(within(popup).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'Aarav Sharma' })).toHaveAttribute('src', '/files/aarav.jpg');
      await userEvent.click(within(popup).getByRole('link', { name: 'Profile' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    });

    it('opens the profile popup from the keyboard on the first press, keeping the focus on its button', async () => {
      await openAs(greenfieldStudent());
      // Its popover code is not part of the first load: only the photo button is drawn until it is used.
      screen.getByRole('button', { name: 'Profile menu' }).focus();
      await userEvent.keyboard('{Enter}');
      expect(await screen.findByRole('dialog', { name: 'Profile menu' })).toBeInTheDocument();
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Profile menu' })));
      expect(screen.getByRole('button', { name: 'Profile menu' })).toHaveAttribute('aria-expanded', 'true');
    });

    it('shows a parent their own name and phone, the child’s name and ID (not the account row, defect 7), without unconfigured policies', async () => {
      await openAs(greenfieldParent({ privacy_policy_url: '', terms_and_condition_url: '' }));
      await userEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
      const popup = await screen.findByRole('dialog', { name: 'Profile menu' });
      expect(within(popup).getByText('Rajesh Sharma')).toBeInTheDocument();
      expect(within(popup).getByText('Parent of Aarav Sharma')).toBeInTheDocument();
      expect(within(popup).getByText('ID: GPS-0001')).toBeInTheDocument();
      expect(within(popup).queryByText('ID: 7001')).not.toBeInTheDocument();
      expect(within(popup).getByText('Phone: 9000000002')).toBeInTheDocument();
      expect(within(popup).queryByRole('link', { name: 'Privacy Policy' })).not.toBeInTheDocument();
      expect(within(popup).queryByRole('link', { name: 'Terms Of Service' })).not.toBeInTheDocument();
    });
  });

  describe('keyboard (defect 11)', () => {
    it('offers Skip to content as the first tab stop, which moves the focus to the screen', async () => {
      // Toasts of earlier tests (a module-wide store) would come first in the page.
      notifications.clean();
      notifications.cleanQueue();
      await openAs(greenfieldStudent());
      const heading = await screen.findByRole('heading', { level: 1, name: /Good (Morning|Afternoon|Evening)/ });
      const user = userEvent.setup();
      (document.activeElement as HTMLElement | null)?.blur();
      await user.tab();
      const skip = screen.getByRole('link', { name: 'Skip to content' });
      expect(document.activeElement).toBe(skip);
      await user.keyboard('{Enter}');
      expect(document.activeElement).toBe(document.getElementById('main-content'));
      expect(document.getElementById('main-content')).toContainElement(heading);
    });
  });

  describe('theme picker', () => {
    it('starts light', async () => {
      await openAs(greenfieldStudent());
      expect(screen.getByRole('button', { name: 'Theme: Light' })).toBeInTheDocument();
      expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
    });

    it('keeps the chosen theme across a remount', async () => {
      const { unmount } = await openAs(greenfieldStudent());
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Theme: Light' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Dark' }));
      expect(await screen.findByRole('button', { name: 'Theme: Dark' })).toBeInTheDocument();
      expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
      unmount();

      renderRoute('/dashboard');
      expect(await screen.findByRole('button', { name: 'Theme: Dark' })).toBeInTheDocument();
      expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
      expect(localStorage.getItem('theme')).toBe('dark');
    });

    it('opens from the keyboard on the first press, with the focus in the menu', async () => {
      await openAs(greenfieldStudent());
      const user = userEvent.setup();
      // Its menu code is not part of the first load: only the button is drawn until it is used.
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
      screen.getByRole('button', { name: 'Theme: Light' }).focus();
      await user.keyboard('{Enter}');
      expect(await screen.findByRole('menuitem', { name: 'Purple' })).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('menu')).toContainElement(document.activeElement as HTMLElement));
      await user.click(screen.getByRole('menuitem', { name: 'Blue' }));
      expect(await screen.findByRole('button', { name: 'Theme: Blue' })).toBeInTheDocument();
    });

    it.each(['blue', 'purple', 'dark'])(
      'keeps the logo’s dark lettering readable on the %s header: the logo sits on a white plate (defect 6)',
      async (mode) => {
        localStorage.setItem('theme', mode);
        await openAs(greenfieldStudent());
        const logo = screen.getByRole('banner').querySelector('img[src="/my-account/demo/greenfield-logo.svg"]');
        expect(logo).not.toBeNull();
        const plate = logo!.closest('[data-logo-plate]') as HTMLElement | null;
        expect(plate?.style.background || plate?.style.backgroundColor).toContain('--mantine-color-white');
      },
    );

    it('tints the header for purple and keeps the light scheme', async () => {
      await openAs(greenfieldStudent());
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Theme: Light' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Purple' }));
      expect(await screen.findByRole('button', { name: 'Theme: Purple' })).toBeInTheDocument();
      expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
      expect(screen.getByRole('banner').getAttribute('style')).toContain('--mantine-color-violet-8');
    });
  });

  describe('academic year', () => {
    it('lets a school user switch among their own years, rewriting the credential, then opens the dashboard', async () => {
      const { router } = await openAs(greenfieldStudent(), '/timetable');
      const select = screen.getByRole('combobox', { name: 'Academic Year' });
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['2025-26', '2026-27']);
      expect(select).toHaveValue('4');
      const switchedAt = performance.now();
      await userEvent.selectOptions(select, '2025-26');
      expect(decodeCredential(getSession()!.student_auth)?.academicYearId).toBe(3);
      expect(getSession()).toMatchObject({ selectedAcadYrId: 3, selectedAcadYear: '2025-26' });
      expect(router.state.location.pathname).toBe('/timetable');
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      expect(performance.now() - switchedAt).toBeGreaterThanOrEqual(350);
      expect(screen.getByRole('combobox', { name: 'Academic Year' })).toHaveValue('3');
    });

    it('is not offered to a coaching institute’s user', async () => {
      await openAs(apexStudent());
      expect(screen.queryByRole('combobox', { name: 'Academic Year' })).not.toBeInTheDocument();
    });
  });

  describe('dashboard greeting', () => {
    it('greets a student by time of day and name', async () => {
      await openAs(greenfieldStudent());
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Good Morning, Aarav Sharma');
    });

    it('greets a parent by the parent’s name', async () => {
      vi.setSystemTime(testDay(15, 30));
      await openAs(greenfieldParent());
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Good Afternoon, Rajesh Sharma');
    });

    it('says good evening from 17:00', async () => {
      vi.setSystemTime(testDay(19));
      await openAs(apexStudent());
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Good Evening, Meera Iyer');
    });
  });
});
