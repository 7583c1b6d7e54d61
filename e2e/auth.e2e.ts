import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertText, closePromo, menuLabels, signIn, signInToDashboard } from './support/flows.ts';
import { seriousA11yViolations, startHarness, type Harness } from './support/harness.ts';

const desktop = { width: 1280, height: 800 };

describe('sign-in in Chromium, one flow per demo account', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness?.close());

  it('9000000001 reaches the dashboard with the Greenfield student menu, accessible', async () => {
    const page = await harness.newPage(desktop);
    await signIn(harness, page, '9000000001');
    await page.waitForURL('**/my-account/dashboard');
    await page.getByText(/Good (Morning|Afternoon|Evening), Aarav Sharma/).waitFor();
    expect(await menuLabels(page)).toEqual([
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
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('9000000002 picks one of two children and sees the parent menu', async () => {
    const page = await harness.newPage(desktop);
    await signIn(harness, page, '9000000002');
    const dialog = page.getByRole('dialog', { name: 'Select Profile' });
    await dialog.waitFor();
    await dialog.getByText('Diya Sharma').waitFor();
    await dialog.getByText('Aarav Sharma').click();
    await page.waitForURL('**/my-account/dashboard');
    await page.getByText(/Good (Morning|Afternoon|Evening), Rajesh Sharma/).waitFor();
    expect(await menuLabels(page)).toEqual([
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
    await page.context().close();
  });

  it('9000000003 is asked to choose between the student and the parent profile', async () => {
    const page = await harness.newPage();
    await signIn(harness, page, '9000000003');
    const dialog = page.getByRole('dialog', { name: 'Select Profile' });
    await dialog.getByText('Meera Iyer').first().waitFor();
    await dialog.getByText('Kabir Iyer').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('9000000009 is stopped by the fee-dues alert', async () => {
    const page = await harness.newPage();
    await signIn(harness, page, '9000000009');
    expect(await alertText(page)).toBe('Kindly clear fees dues to successfully login.');
    await page.context().close();
  });

  it('9000000010 confirms the sign-in away from the other device and gets in', async () => {
    const page = await harness.newPage();
    await signIn(harness, page, '9000000010');
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(
        'You are already logged in on another device. Do you want to use here? You will be logged out from other devices.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL('**/my-account/dashboard');
    await page.context().close();
  });

  it('9000000011 is refused off its registered device', async () => {
    const page = await harness.newPage();
    await signIn(harness, page, '9000000011');
    expect(await alertText(page)).toBe(
      'Unable to login! This is not your registered device for login kindly use a registered device. For any query please contact your administrator.',
    );
    await page.context().close();
  });

  it('9000000013 is told the account is blocked', async () => {
    const page = await harness.newPage();
    await signIn(harness, page, '9000000013');
    expect(await alertText(page)).toBe('Your account has been blocked. Please contact your institute/school!');
    await page.context().close();
  });

  it('9000000014 chooses an academic year first', async () => {
    const page = await harness.newPage();
    await signIn(harness, page, '9000000014');
    const dialog = page.getByRole('dialog', { name: 'Select Academic Year' });
    await dialog.getByRole('button', { name: '2025-26' }).click();
    await page.waitForURL('**/my-account/dashboard');
    await page
      .getByText(/Sara Khan/)
      .first()
      .waitFor();
    await page.context().close();
  });

  it('a wrong password shows the default message', async () => {
    const page = await harness.newPage();
    await signIn(harness, page, '9000000001', { password: 'wrong-password' });
    expect(await alertText(page)).toBe('Invailid Login Details');
    await page.context().close();
  });

  it('student@apex.test sees the coaching menu at apex.localhost', async () => {
    const page = await harness.newPage(desktop);
    await signIn(harness, page, 'student@apex.test', { host: 'apex.localhost' });
    await page.waitForURL('**/my-account/dashboard');
    expect(await menuLabels(page)).toEqual([
      'Home',
      'Time Table',
      'Study Materials',
      'Live Classes',
      'My Exam',
      'Exam Reports',
      'Documents',
      'Assignments',
      'My Products',
      'Fees',
      'Messages',
      'Profile',
    ]);
    await page.context().close();
  });

  it('9100000002 goes straight to the only child', async () => {
    const page = await harness.newPage();
    await signIn(harness, page, '9100000002', { host: 'apex.localhost' });
    await page.waitForURL('**/my-account/dashboard');
    await page.getByText(/Good (Morning|Afternoon|Evening), Suresh Reddy/).waitFor();
    await page.context().close();
  });

  it('buyer@apex.test gets the open-course menu', async () => {
    const page = await harness.newPage(desktop);
    await signIn(harness, page, 'buyer@apex.test', { host: 'apex.localhost' });
    await page.waitForURL('**/my-account/dashboard');
    expect(await menuLabels(page)).toEqual([
      'Home',
      'Time Table',
      'Study Materials',
      'Live Classes',
      'My Exam',
      'Exam Reports',
      'Documents',
      'My Products',
      'Messages',
      'Profile',
    ]);
    await page.context().close();
  });

  it('keeps the chosen theme across a reload', async () => {
    const page = await harness.newPage(desktop);
    // Signed in already by the first test, in another browser: this sign-in confirms taking over.
    await signInToDashboard(harness, page, '9000000001');
    await closePromo(page);
    await page.getByRole('button', { name: 'Theme: Light' }).click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Theme: Dark' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('logs out back to the login screen, and the dashboard then asks to sign in', async () => {
    const page = await harness.newPage(desktop);
    await signInToDashboard(harness, page, 'student@apex.test', { host: 'apex.localhost' });
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Sign In to your account' }).waitFor();
    await page.goto(harness.url('/my-account/dashboard', 'apex.localhost'));
    await page.getByRole('heading', { name: 'Sign In to your account' }).waitFor();
    await page.context().close();
  });

  it('signs in once through a single sign-on link, and the reused link shows the error page', async () => {
    // The institute's own system asks for the link; its API key names the institute.
    const apexLink = await fetch(harness.url('/api/v1/sso/link'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'demo-apex-sso-key' },
      // A student no other flow signs in, so the link's sign-in meets no session on another device.
      body: JSON.stringify({ login: '9810000005' }),
    });
    expect(apexLink.status).toBe(200);
    const { token } = (await apexLink.json()) as { token: string };
    const page = await harness.newPage();
    await page.goto(harness.url(`/my-account/?token=${token}`, 'apex.localhost'));
    await page.waitForURL('**/my-account/dashboard', { timeout: 15_000 });
    await page
      .getByText(/Good (Morning|Afternoon|Evening), /)
      .first()
      .waitFor();
    await page.context().close();

    const again = await harness.newPage();
    await again.goto(harness.url(`/my-account/?token=${token}`, 'apex.localhost'));
    await again.getByRole('heading', { name: 'Oops! Something went wrong.' }).waitFor();
    await again.getByText('The login link might be invalid or expired.').waitFor();
    await again.context().close();
  });

  it('signs in by itself from user= and an encoded password, then clears them from the address', async () => {
    const page = await harness.newPage();
    await page.goto(harness.url(`/my-account/?user=9000000003&pwd=${btoa('demo1234')}`));
    await page.getByRole('dialog', { name: 'Select Profile' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.context().close();
  });

  it('sends a temporary password from the Forgot Password dialog: digits only, Continue disabled while blank', async () => {
    const page = await harness.newPage();
    await page.goto(harness.url('/my-account/'));
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
    const phone = dialog.getByRole('textbox');
    await phone.fill('abc');
    expect(await phone.inputValue()).toBe('');
    expect(await dialog.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await phone.fill('9000000021');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    expect(await alertText(page)).toBe('New Password send to your registered mobile number.');
    await page.context().close();
  });
});
