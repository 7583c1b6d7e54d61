import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The API tier's real SMTP server (smtp-server, each message parsed with mailparser).
import { startMailServer, type MailServer } from '../apps/api/test/mail-server.ts';
import { signIn } from './support/flows.ts';
import { startHarness, type Harness } from './support/harness.ts';
import { androidPhone, layoutProblems } from './support/layout.ts';
import { operatorTool } from './support/operator.ts';

const host = 'lotus.localhost';
const parentEmail = 'kavita.iyer@lotus.example';

/** The day of the test, in the institute's zone (India): a Wednesday. */
const day = '25-11-2026';

/**
 * The daily digest by email (issue 31), with the server's clock: an institute loaded through the admin API records a
 * child absent in the morning; the parent, who turned the email digest on at the default time (18:00), gets no mail
 * then, and one mail at 18:00 listing the absence; an absence recorded after 18:00 waits for the next day's digest.
 * Mail goes over SMTP to a real SMTP server the test runs. The server is stopped and started again with its clock at
 * 18:00, so the test waits for no clock: a process that starts working runs the deliveries due at once
 * (lib/job-queue.ts `atStart`), and the digest is due.
 */
describe('the email digest arrives once, at its time', () => {
  let dataDir: string;
  let key: string;
  let mail: MailServer;
  let harness: Harness | undefined;

  /** Rows through the admin API, as the institute's own system sends them (to its host name, on loopback). */
  const post = async (kind: string, rows: object[]) => {
    const body = JSON.stringify({ rows });
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const call = request(
        {
          host: '127.0.0.1',
          port: harness!.port,
          path: `/api/admin/v1/${kind}`,
          method: 'POST',
          headers: { host, 'x-api-key': key, 'content-type': 'application/json' },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      call.on('error', reject);
      call.end(body);
    });
    expect(answer.status, `${kind}: ${answer.text}`).toBe(200);
  };

  /**
   * Signs the parent in on a phone (the only child picked), at whatever server runs now; `elsewhere`: the account is
   * still signed in on an earlier page, so the sign-in is confirmed.
   */
  const parentPage = async ({ elsewhere = false } = {}): Promise<Page & { errors: string[] }> => {
    const page = await harness!.newPage(androidPhone);
    await signIn(harness!, page, '9844444441', { host, password: 'kavita-first-1' });
    await page.getByRole('dialog', { name: 'Select Profile' }).getByText('Parent of Nila Iyer').tap();
    if (elsewhere) await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'Yes' }).tap();
    await page.waitForURL('**/my-account/dashboard');
    return page;
  };

  /** Waits until the parent's Messages hold an SMS about `child`'s absence: the worker planned and sent it. */
  const smsArrived = async (page: Page, child: string) => {
    const text = page.getByText(new RegExp(`${child} was absent on ${day}`)).first();
    await page.goto(harness!.url('/my-account/Messages', host));
    await expect
      .poll(
        async () => {
          await page.reload();
          return text.waitFor({ timeout: 2_000 }).then(
            () => true,
            () => false,
          );
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe(true);
  };

  beforeAll(async () => {
    mail = await startMailServer();
    dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-digest-'));
    await operatorTool('institute', dataDir, ['--add', '--name', 'Lotus Academy', '--host', host]);
    key = (await operatorTool('admin:key', dataDir, ['--institute', host, '--name', 'e2e'])).split('\n')[0]!;
  });
  afterAll(async () => {
    await harness?.close();
    await mail?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'the parent turns the email digest on; a morning absence goes out at 18:00, once',
    { timeout: 240_000 },
    async () => {
      // Morning: 11:30 in India.
      harness = await startHarness({
        dataDir,
        clock: new Date('2026-11-25T06:00:00Z'),
        env: { SMTP_URL: mail.url, MAIL_FROM: 'Lotus Academy <alerts@lotus.example>' },
      });
      await post('academic-years', [
        { external_id: 'AY26', name: '2026-27', start_date: '01-04-2026', end_date: '31-03-2027' },
      ]);
      await post('standards', [{ external_id: 'STD6', name: 'Class 6' }]);
      await post('batches', [
        { external_id: '6A', standard_external_id: 'STD6', academic_year_external_id: 'AY26', name: 'A' },
      ]);
      await post('subjects', [{ external_id: 'MATH6', standard_external_id: 'STD6', name: 'Mathematics' }]);
      await post('students', [
        { external_id: 'S-1', name: 'Nila Iyer', phone: '9844444401', password: 'nila-first-1' },
        { external_id: 'S-2', name: 'Arun Iyer', phone: '9844444402', password: 'arun-first-1' },
      ]);
      await post('parents', [
        {
          external_id: 'P-1',
          name: 'Kavita Iyer',
          phone: '9844444441',
          email: parentEmail,
          password: 'kavita-first-1',
          student_external_ids: ['S-1', 'S-2'],
        },
      ]);
      await post('enrolments', [
        { student_external_id: 'S-1', batch_external_id: '6A' },
        { student_external_id: 'S-2', batch_external_id: '6A' },
      ]);
      await post('class-sessions', [
        {
          external_id: 'CS-1',
          batch_external_id: '6A',
          subject_external_id: 'MATH6',
          class_type: 'Class',
          topics: 'Fractions',
          starts_at: `${day} 09:00`,
          duration_minutes: 45,
        },
      ]);

      // The parent turns on the email digest, at its default time, on a 360 px phone.
      const page = await parentPage();
      await page.goto(harness.url('/my-account/Profile?section=alerts', host));
      const section = page.getByRole('region', { name: 'Alerts' });
      await section.getByRole('checkbox', { name: 'Email digest' }).tap();
      expect(await section.getByLabel('Email digest time').inputValue()).toBe('18:00');
      expect(await layoutProblems(page)).toEqual([]);
      await section.getByRole('button', { name: 'Save alert settings' }).tap();
      await page.getByText('Alert settings saved.').waitFor();

      // The morning's attendance: Nila absent.
      await post('attendance', [{ class_session_external_id: 'CS-1', student_external_id: 'S-1', status: 'A' }]);
      // Its SMS (on by default for an absence) arrives at once: the alert is produced and its deliveries planned,
      // the email one among them, waiting for 18:00.
      await smsArrived(page, 'Nila Iyer');
      expect(mail.received).toEqual([]);
      await harness.close();
      harness = undefined;

      // 18:00:10 the same day, the same data.
      harness = await startHarness({
        dataDir,
        clock: new Date('2026-11-25T12:30:10Z'),
        env: { SMTP_URL: mail.url, MAIL_FROM: 'Lotus Academy <alerts@lotus.example>' },
      });
      await expect.poll(() => mail.received.length, { timeout: 60_000, interval: 500 }).toBe(1);
      const digest = mail.received[0]!;
      const { to, from } = digest.parsed;
      expect(to && !Array.isArray(to) ? to.text : '').toBe(parentEmail);
      expect(from?.text).toBe('"Lotus Academy" <alerts@lotus.example>');
      expect(digest.subject).toBe('Your alert of the day');
      expect(digest.text).toContain(`Nila Iyer was absent on ${day}`);
      expect(digest.text).toContain(`https://${host}/my-account/`);
      expect(digest.html || '').toContain(`Nila Iyer was absent on ${day}`);

      // An absence recorded after 18:00 is sent by SMS at once and waits for tomorrow's digest: today's went once.
      await post('attendance', [{ class_session_external_id: 'CS-1', student_external_id: 'S-2', status: 'A' }]);
      const evening = await parentPage({ elsewhere: true });
      await smsArrived(evening, 'Arun Iyer');
      expect(mail.received).toHaveLength(1);
      expect(page.errors).toEqual([]);
      expect(evening.errors).toEqual([]);
    },
  );
});
