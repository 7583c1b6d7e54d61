import type { Session } from '@campus/domain/auth/auth.contract';
import type { StudentProfile } from '@campus/domain/profile/profile.contract';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apexStudent,
  greenfieldParent,
  greenfieldStudent,
  mockBranding,
  storeSession,
  testDay,
} from '../../test/fixtures.ts';
import { getSession } from '../../lib/session.ts';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';

function aaravProfile(overrides: Partial<StudentProfile> = {}): StudentProfile {
  return {
    student_id: 5001,
    user_id: 101,
    name: 'Aarav Sharma',
    student_display_id: 'GPS-0001',
    join_date: '2024-04-01',
    mobile_no: '9000000001',
    email_id: 'aarav@greenfield.test',
    address: '14, Green Park Society, Baner Road, Pune 411045',
    permanent_address: '',
    standard_name: 'Class 8',
    batch_name: 'Class 8 A',
    assigned_courses: ['Class 8 - Class 8 A'],
    roll_no: 0,
    mother_tongue: '-1',
    gender: 'Male',
    country: 'India',
    state: 'Maharashtra',
    birth_place: 'Pune',
    religion: '',
    blood_group: 'B+',
    dob: '2012-05-14',
    student_aadhar_no: 'XXXX-XXXX-2109',
    parent_name: 'Rajesh Sharma',
    parent_email: 'rajesh.sharma@example.in',
    parent_profession: '-1',
    parent_phone: '9000000002',
    parent_aadhar_no: '',
    guardian_name: '',
    guardian_phone: '',
    guardian_email: '',
    photo_url: '/api/v1/files/signed-photo',
    is_institute_type_school: true,
    student_profile_update_restrict: true,
    ...overrides,
  };
}

interface ProfileMock {
  profile?: StudentProfile;
  loadStatus?: number;
  /** Answer of the update: the spec toast, or an error. */
  update?: { status: number; message: string };
}

function mockProfile({ profile = aaravProfile(), loadStatus = 200, update }: ProfileMock = {}) {
  const calls = { loads: [] as string[], updates: [] as { path: string; body: Record<string, unknown> }[] };
  server.use(
    http.get('*/api/v1/students/get-student-detail/:instituteId/:studentId', ({ request }) => {
      calls.loads.push(new URL(request.url).pathname);
      return loadStatus === 200
        ? HttpResponse.json({ statusCode: 200, message: 'success', result: profile })
        : HttpResponse.json({ code: 'NOT_FOUND', message: 'Student record not found' }, { status: loadStatus });
    }),
    http.put('*/api/v1/profiles/update/:instituteId/:userId', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.updates.push({ path: new URL(request.url).pathname, body });
      if (update && update.status !== 200) {
        return HttpResponse.json({ code: 'VALIDATION_FAILED', message: update.message }, { status: update.status });
      }
      return HttpResponse.json({ statusCode: 200, message: update?.message ?? 'success' });
    }),
  );
  return calls;
}

async function openProfile(session: Session = greenfieldStudent(), path = '/Profile') {
  storeSession(session);
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Profile' });
  return view;
}

const section = (name: string) => screen.getByRole('region', { name });

/** The value shown for a label inside a section. */
const valueOf = (sectionName: string, label: string) => {
  const term = within(section(sectionName)).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.querySelector('p')?.textContent;
};

describe('profile', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(9));
    mockBranding();
  });
  afterEach(() => {
    vi.useRealTimers();
    // Toasts live in a module-wide store: without this, earlier tests' toasts fill the visible slots.
    notifications.clean();
    notifications.cleanQueue();
  });

  describe('sections (spec part 1 §2, §3)', () => {
    it('shows every section with the school labels, masked Aadhar and - for missing values', async () => {
      const calls = mockProfile();
      await openProfile();
      await screen.findByRole('region', { name: 'Education Info' });
      expect(calls.loads).toEqual(['/api/v1/students/get-student-detail/1/5001']);
      for (const name of ['Photo', 'Education Info', 'Profile', 'Parent / Guardian', 'Contact', 'Address']) {
        expect(section(name)).toBeInTheDocument();
      }
      expect(valueOf('Education Info', 'Standard')).toBe('Class 8');
      expect(valueOf('Education Info', 'Section')).toBe('Class 8 A');
      expect(valueOf('Education Info', 'Roll No')).toBe('-');
      expect(valueOf('Education Info', 'Join Date')).toBe('01-04-2024');
      expect(valueOf('Profile', 'Date of Birth')).toBe('14-05-2012');
      expect(valueOf('Profile', 'Mother Tongue')).toBe('-');
      expect(valueOf('Profile', 'Religion')).toBe('-');
      expect(valueOf('Profile', 'Aadhar Number')).toBe('XXXX-XXXX-2109');
      expect(valueOf('Parent / Guardian', 'Father Name')).toBe('Rajesh Sharma');
      expect(valueOf('Parent / Guardian', 'Father Profession')).toBe('-');
      expect(valueOf('Parent / Guardian', 'Father Aadhar Number')).toBe('-');
      expect(valueOf('Parent / Guardian', 'Guardian Name')).toBe('-');
      expect(valueOf('Contact', 'Mobile Number')).toBe('9000000001');
      expect(valueOf('Address', 'Permanent Address')).toBe('-');
      expect(within(section('Photo')).getByRole('img', { name: 'Photo of Aarav Sharma' })).toHaveAttribute(
        'src',
        '/api/v1/files/signed-photo',
      );
    });

    it('uses the coaching labels, shows the first 100 characters of an address and - for a 1900 dob', async () => {
      mockProfile({
        profile: aaravProfile({
          is_institute_type_school: false,
          standard_name: 'JEE 2027',
          batch_name: 'Morning Batch',
          address: 'A'.repeat(100) + 'B'.repeat(19),
          dob: '1900-01-01',
        }),
      });
      await openProfile(apexStudent(), '/profile');
      await screen.findByRole('region', { name: 'Education Info' });
      expect(valueOf('Education Info', 'Course Name')).toBe('JEE 2027');
      expect(valueOf('Education Info', 'Batch Name')).toBe('Morning Batch');
      expect(within(section('Education Info')).queryByText('Roll No')).not.toBeInTheDocument();
      expect(valueOf('Parent / Guardian', 'Parent Name')).toBe('Rajesh Sharma');
      expect(valueOf('Address', 'Address')).toBe('A'.repeat(100));
      expect(valueOf('Profile', 'Date of Birth')).toBe('-');
    });

    it('shows the message, then an overlay that leads to the dashboard, when the profile cannot load', async () => {
      mockProfile({ loadStatus: 404 });
      server.use(
        http.get('*/api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/:id', () =>
          HttpResponse.json({ data: { result: [] } }),
        ),
        http.get('*/api/v1/banner-prom/for_student/:userType', () =>
          HttpResponse.json({ statusCode: 200, message: 'success', result: { banner: [], prom: null } }),
        ),
      );
      const { router } = await openProfile();
      const overlay = await screen.findByRole('dialog', { name: 'Something went wrong' });
      expect(overlay).toHaveTextContent('Student record not found');
      // The toast too (its layer loads with the first toast).
      await waitFor(() => expect(screen.getAllByText('Student record not found').length).toBeGreaterThanOrEqual(2));
      await userEvent.click(within(overlay).getByRole('button', { name: 'Go to Dashboard' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    });
  });

  describe('who may edit (spec part 1 §5)', () => {
    it('offers no edit to a parent', async () => {
      mockProfile();
      await openProfile(greenfieldParent());
      await screen.findByRole('region', { name: 'Education Info' });
      expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Change Photo' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Change Password' })).toBeInTheDocument();
    });

    it('offers no edit when the institute does not allow it', async () => {
      mockProfile({ profile: aaravProfile({ student_profile_update_restrict: false }) });
      await openProfile();
      await screen.findByRole('region', { name: 'Education Info' });
      expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Change Photo' })).not.toBeInTheDocument();
    });

    it('lets the student edit address, birth place, blood group, date of birth and photo', async () => {
      mockProfile();
      await openProfile();
      await screen.findByRole('region', { name: 'Education Info' });
      for (const name of [
        'Edit Address',
        'Edit Birth Place',
        'Edit Blood Group',
        'Edit Date of Birth',
        'Change Photo',
      ]) {
        expect(screen.getByRole('button', { name })).toBeInTheDocument();
      }
    });
  });

  describe('edits', () => {
    async function openEditor(button: string, dialog: string, mock: ProfileMock = {}) {
      const calls = mockProfile(mock);
      await openProfile();
      await userEvent.click(await screen.findByRole('button', { name: button }));
      return { calls, dialog: await screen.findByRole('dialog', { name: dialog }) };
    }

    it('saves the address alone, at most 119 characters, and shows the server’s toast', async () => {
      const { calls, dialog } = await openEditor('Edit Address', 'Edit Address', {
        update: { status: 200, message: 'Address Updated Succesfully' },
      });
      const field = within(dialog).getByRole('textbox', { name: 'Address' });
      await userEvent.clear(field);
      await userEvent.click(field);
      await userEvent.paste('X'.repeat(130));
      expect(field).toHaveValue('X'.repeat(119));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Address Updated Succesfully')).toBeInTheDocument();
      expect(calls.updates).toEqual([{ path: '/api/v1/profiles/update/1/101', body: { address: 'X'.repeat(119) } }]);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Address' })).not.toBeInTheDocument());
      // The profile is read again after the change.
      await waitFor(() => expect(calls.loads).toHaveLength(2));
    });

    it('saves the birth place, at most 20 characters', async () => {
      const { calls, dialog } = await openEditor('Edit Birth Place', 'Edit Birth Place', {
        update: { status: 200, message: 'Birthplace Updated Succesfully' },
      });
      const field = within(dialog).getByRole('textbox', { name: 'Birth Place' });
      await userEvent.clear(field);
      await userEvent.type(field, 'Thiruvananthapuram District');
      expect(field).toHaveValue('Thiruvananthapuram D');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Birthplace Updated Succesfully')).toBeInTheDocument();
      expect(calls.updates.map((call) => call.body)).toEqual([{ birth_place: 'Thiruvananthapuram D' }]);
    });

    it('saves a blood group chosen from the eight', async () => {
      const { calls, dialog } = await openEditor('Edit Blood Group', 'Edit Blood Group', {
        update: { status: 200, message: 'Bloodgroup Updated Succesfully' },
      });
      const select = within(dialog).getByRole('combobox', { name: 'Blood Group' });
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Select Blood Group', 'O+', 'O-', 'A+', 'A-', 'B+', 'B-', 'AB+', 'AB-']);
      expect(select).toHaveValue('B+');
      await userEvent.selectOptions(select, 'AB-');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Bloodgroup Updated Succesfully')).toBeInTheDocument();
      expect(calls.updates.map((call) => call.body)).toEqual([{ blood_group: 'AB-' }]);
    });

    it('saves a valid date of birth as YYYY-MM-DD, offering the years 1970 to this year', async () => {
      const { calls, dialog } = await openEditor('Edit Date of Birth', 'Edit Date of Birth', {
        update: { status: 200, message: 'DOB Updated Successfully' },
      });
      const year = within(dialog).getByRole('combobox', { name: 'Year' });
      const years = within(year)
        .getAllByRole('option')
        .map((option) => option.textContent);
      expect(years[1]).toBe('1970');
      expect(years.at(-1)).toBe('2026');
      expect(within(dialog).getByRole('combobox', { name: 'Day' })).toHaveValue('14');
      await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Day' }), '29');
      await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Month' }), 'February');
      await userEvent.selectOptions(year, '2012');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('DOB Updated Successfully')).toBeInTheDocument();
      expect(calls.updates.map((call) => call.body)).toEqual([{ dob: '2012-02-29' }]);
    });

    it.each([
      ['30', 'February', '2024', 'Selected year Have 29 Days In February'],
      ['29', 'February', '2023', 'Selected year Have 28 Days In February'],
      ['31', 'April', '2010', 'Month Selected Have Only 30 Days'],
      ['22', 'November', '2026', "Selected Date Can't Be Greater Than Current Date"],
    ])('refuses %s %s %s before sending: %s', async (day, month, year, message) => {
      const { calls, dialog } = await openEditor('Edit Date of Birth', 'Edit Date of Birth');
      await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Day' }), day);
      await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Month' }), month);
      await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Year' }), year);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
      expect(calls.updates).toEqual([]);
    });

    it('shows the server’s message when it refuses a change', async () => {
      const { dialog } = await openEditor('Edit Birth Place', 'Edit Birth Place', {
        update: { status: 400, message: 'body.birth_place: must be at most 20 characters' },
      });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'body.birth_place: must be at most 20 characters',
      );
      expect(screen.getByRole('dialog', { name: 'Edit Birth Place' })).toBeInTheDocument();
    });

    it('sends a photo as base64 and shows the toast', async () => {
      const { calls, dialog } = await openEditor('Change Photo', 'Change Photo', {
        update: { status: 200, message: 'profile picture updated successfully' },
      });
      const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], 'me.png', {
        type: 'image/png',
      });
      await userEvent.upload(within(dialog).getByLabelText('Photo'), png);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('profile picture updated successfully')).toBeInTheDocument();
      expect(calls.updates).toHaveLength(1);
      expect(Object.keys(calls.updates[0]!.body)).toEqual(['photo']);
      expect(calls.updates[0]!.body.photo).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    });

    it('shows the profile’s photo in the header too, kept in the session (defect 2)', async () => {
      mockProfile();
      await openProfile(greenfieldStudent({ photo_url: '' }));
      await screen.findByRole('region', { name: 'Education Info' });
      await waitFor(() => expect(getSession()?.photo_url).toBe('/api/v1/files/signed-photo'));
      const header = screen.getByRole('banner');
      await waitFor(() =>
        expect(within(header).getByRole('img', { name: 'Aarav Sharma' })).toHaveAttribute(
          'src',
          '/api/v1/files/signed-photo',
        ),
      );
    });

    it('refuses a file that is not an image, whatever its name, before sending', async () => {
      const { calls, dialog } = await openEditor('Change Photo', 'Change Photo');
      const fake = new File(['%PDF-1.7 not a picture'], 'holiday.png', { type: 'image/png' });
      await userEvent.upload(within(dialog).getByLabelText('Photo'), fake);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Please choose a JPEG, PNG, GIF or WebP image.',
      );
      expect(calls.updates).toEqual([]);
    });

    it('refuses a photo over 2 MB before sending', async () => {
      const { calls, dialog } = await openEditor('Change Photo', 'Change Photo');
      const big = new Uint8Array(2 * 1024 * 1024 + 1);
      big.set([0xff, 0xd8, 0xff, 0xe0]);
      await userEvent.upload(
        within(dialog).getByLabelText('Photo'),
        new File([big], 'big.jpg', { type: 'image/jpeg' }),
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('The photo must be 2 MB or smaller.');
      expect(calls.updates).toEqual([]);
    });
  });

  describe('change password', () => {
    it('opens the Change Password popup, which changes a parent’s own password by parent id', async () => {
      mockProfile();
      const bodies: Record<string, unknown>[] = [];
      server.use(
        http.post('*/api/v1/changePwd', async ({ request }) => {
          bodies.push((await request.json()) as Record<string, unknown>);
          return HttpResponse.json({ statusCode: 200, message: 'success' });
        }),
      );
      await openProfile(greenfieldParent());
      await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
      const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
      await userEvent.type(within(dialog).getByLabelText('Existing Password'), 'demo1234');
      await userEvent.type(within(dialog).getByLabelText('New Password'), 'newpass12');
      await userEvent.type(within(dialog).getByLabelText('Retype New Password'), 'newpass12');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
      expect(await screen.findByText("Parent's Password changed successfully,Please Re-Login!")).toBeInTheDocument();
      expect(bodies).toEqual([
        expect.objectContaining({ userid: 7001, oldPassword: 'demo1234', newPassword: 'newpass12', institute_id: 1 }),
      ]);
    });
  });
});
