import type { Session } from '@campus/domain/auth/auth.contract';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apexStudent, greenfieldStudent, mockBranding, storeSession } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import { listItem, mockAssignmentList, ongoingItems, pastItems } from './assignments-fixtures.ts';

async function openList(path = '/assignment', session: Session = greenfieldStudent()) {
  storeSession(session);
  const view = renderRoute(path);
  await screen.findByRole('tab', { name: /Ongoing/ });
  return view;
}

const cardTitles = () => screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
const cardOf = (title: string) => screen.getByRole('article', { name: title });

describe('/assignment', () => {
  beforeEach(() => {
    mockBranding();
  });
  afterEach(() => {
    notifications.clean();
    notifications.cleanQueue();
  });

  it('lists the ongoing tab first, with both counts, asking for the signed-in student', async () => {
    const bodies = mockAssignmentList();
    await openList();
    expect(screen.getByRole('heading', { level: 1, name: 'Homework' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Ongoing (4)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Past (4)' })).toHaveAttribute('aria-selected', 'false');
    expect(cardTitles()).toEqual(['Photosynthesis essay', 'Fractions worksheet', 'Poem recital', 'Map work']);
    expect(bodies).toEqual([{ category_id: 255, institute_id: 1, student_id: 5001 }]);
  });

  it('shows title, subject, course, due date, status and a View link on a card', async () => {
    mockAssignmentList();
    await openList('/assignment', apexStudent());
    expect(screen.getByRole('heading', { level: 1, name: 'Assignments' })).toBeInTheDocument();
    const card = cardOf('Fractions worksheet');
    expect(card).toHaveTextContent('Subject: Mathematics');
    expect(card).toHaveTextContent('Course Name: Class 8 - A');
    expect(card).toHaveTextContent(/Due Date: 26-11-2026 \d\d:\d\d [AP]M/);
    expect(within(card).getByText('Draft')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View Fractions worksheet' })).toHaveAttribute(
      'href',
      '/assignment/12',
    );
  });

  it('labels the course Standard for schools', async () => {
    mockAssignmentList();
    await openList();
    expect(cardOf('Poem recital')).toHaveTextContent('Standard: Class 8 - A');
  });

  it('shows the days-left badge: time left on the due day, 1 day, 5 days, none at 8', async () => {
    mockAssignmentList();
    await openList();
    expect(within(cardOf('Photosynthesis essay')).getByText('05:20 hrs left')).toBeInTheDocument();
    expect(within(cardOf('Fractions worksheet')).getByText('1 day left')).toBeInTheDocument();
    expect(within(cardOf('Poem recital')).getByText('5 days left')).toBeInTheDocument();
    expect(cardOf('Map work')).not.toHaveTextContent(/left/);
    expect(within(cardOf('Map work')).getByText('Evaluated')).toBeInTheDocument();
  });

  it('switches to Past, whose cards carry no badge', async () => {
    mockAssignmentList(ongoingItems, [listItem({ file_id: 21, title: 'Old essay', days_left: -1 })]);
    await openList();
    await userEvent.click(screen.getByRole('tab', { name: 'Past (1)' }));
    expect(cardTitles()).toEqual(['Old essay']);
    expect(cardOf('Old essay')).not.toHaveTextContent(/left/);
  });

  it('opens the Past tab directly with open=999', async () => {
    mockAssignmentList();
    await openList('/assignment?open=999');
    expect(screen.getByRole('tab', { name: 'Past (4)' })).toHaveAttribute('aria-selected', 'true');
    expect(cardTitles()).toEqual(['Old essay', 'Late lab report', 'Graded quiz', 'Missed worksheet']);
  });

  it('keeps the Past tab in the address: back from an assignment returns to Past (defect 5)', async () => {
    mockAssignmentList();
    server.use(
      http.get('*/api/v2/onlineAssignment/getAssignment/*', () =>
        HttpResponse.json({ code: 'NOT_FOUND', message: 'Not Found' }, { status: 404 }),
      ),
    );
    const { router } = await openList();
    await userEvent.click(screen.getByRole('tab', { name: 'Past (4)' }));
    expect(router.state.location.search).toBe('?open=999');
    await userEvent.click(within(cardOf('Old essay')).getByRole('link', { name: /View/ }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/assignment\/\d+$/));
    await router.navigate(-1);
    expect(await screen.findByRole('tab', { name: 'Past (4)' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Ongoing (4)' }));
    expect(router.state.location.search).toBe('');
  });

  describe('status filter', () => {
    it('offers the ongoing choices on Ongoing and the past choices on Past', async () => {
      mockAssignmentList();
      await openList();
      const options = () =>
        within(screen.getByRole('combobox', { name: 'Status' }))
          .getAllByRole('option')
          .map((option) => option.textContent);
      expect(options()).toEqual(['Select Status', 'Pending', 'Draft', 'Submitted', 'Evaluated']);
      await userEvent.click(screen.getByRole('tab', { name: 'Past (4)' }));
      expect(options()).toEqual(['Select Status', 'Submitted', 'Not Submitted', 'Evaluated', 'Expired']);
    });

    it.each([
      ['Pending', ['Photosynthesis essay']],
      ['Draft', ['Fractions worksheet']],
      ['Submitted', ['Poem recital']],
      ['Evaluated', ['Map work']],
      ['Select Status', ['Photosynthesis essay', 'Fractions worksheet', 'Poem recital', 'Map work']],
    ])('ongoing %s shows %j', async (status, titles) => {
      mockAssignmentList();
      await openList();
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), status);
      expect(cardTitles()).toEqual(titles);
    });

    it.each([
      ['Submitted', ['Old essay']],
      ['Not Submitted', ['Late lab report']],
      ['Evaluated', ['Graded quiz']],
      ['Expired', ['Missed worksheet']],
    ])('past %s shows %j', async (status, titles) => {
      mockAssignmentList();
      await openList('/assignment?open=999');
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), status);
      expect(cardTitles()).toEqual(titles);
    });

    it('keeps each tab’s choice', async () => {
      mockAssignmentList();
      await openList();
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Draft');
      await userEvent.click(screen.getByRole('tab', { name: 'Past (4)' }));
      expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Select Status');
      await userEvent.click(screen.getByRole('tab', { name: 'Ongoing (4)' }));
      expect(cardTitles()).toEqual(['Fractions worksheet']);
    });
  });

  it('searches title, subject and course ignoring case', async () => {
    mockAssignmentList();
    await openList();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await userEvent.type(search, 'POEM');
    expect(cardTitles()).toEqual(['Poem recital']);
    await userEvent.clear(search);
    await userEvent.type(search, 'mathematics');
    expect(cardTitles()).toEqual(['Fractions worksheet']);
    await userEvent.clear(search);
    await userEvent.type(search, 'class 8 - b');
    expect(cardTitles()).toEqual(['Map work']);
  });

  describe('empty texts', () => {
    it('says No Assignments Found! when the filters leave nothing', async () => {
      mockAssignmentList();
      await openList();
      await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'history');
      expect(screen.getByText('No Assignments Found!')).toBeInTheDocument();
      expect(cardTitles()).toEqual([]);
    });

    it('says No Homework is available yet! to a school with none', async () => {
      mockAssignmentList([], pastItems);
      await openList();
      expect(screen.getByText('No Homework is available yet!')).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Ongoing (0)' })).toBeInTheDocument();
    });

    it('says No Assignment is available yet! to a coaching institute with none', async () => {
      mockAssignmentList([], []);
      await openList('/assignment?open=999', apexStudent());
      expect(screen.getByText('No Assignment is available yet!')).toBeInTheDocument();
    });
  });

  it('shows the server message and returns to the dashboard when the list cannot load', async () => {
    server.use(
      http.post('*/api/v2/onlineAssignment/student/getAssignmentsDetail', () =>
        HttpResponse.json({ code: 'INTERNAL', message: 'Assignments are resting' }, { status: 500 }),
      ),
      // The dashboard it returns to asks for its banners and notices.
      http.get('*/api/v1/banner-prom/for_student/:userType', () =>
        HttpResponse.json({ statusCode: 200, message: 'success', result: { banner: [], prom: null } }),
      ),
      http.get('*/api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/:instituteId', () =>
        HttpResponse.json({ data: { result: [] } }),
      ),
    );
    storeSession(greenfieldStudent());
    const { router } = renderRoute('/assignment');
    expect(await screen.findByText('Assignments are resting')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
