import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/flows.ts';
import { startHarness, type Harness } from './support/harness.ts';
import { operatorTool } from './support/operator.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const templates = join(repoRoot, 'docs/import-templates');
const host = 'greenvalley.localhost';

/** Opens the time table and today's schedules, where the imported class (Fractions) is. */
async function findTodaysClass(harness: Harness, page: Page) {
  await page.goto(harness.url('/my-account/timetable', host));
  await page.getByRole('heading', { name: 'Time Table' }).waitFor();
  await page
    .getByRole('button', { name: /,\s*\d+ Schedules?/ })
    .first()
    .click();
  await page.getByRole('article').filter({ hasText: 'Fractions' }).first().waitFor();
}

// An institute set up the way an operator would: `npm run institute`, then every template file through
// `npm run import`, then the server started on that data and a browser signing in as the imported student.
describe('an institute loaded from the import templates, in Chromium', () => {
  let harness: Harness;
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-import-'));
    await operatorTool('institute', dataDir, [
      '--add',
      '--name',
      'Green Valley School',
      '--host',
      host,
      '--online-assignments',
    ]);
    // Every template, as an operator's first load: a copy of the folder, whose year is the one around today (the
    // server runs on today's date) and whose classes are today, in the institute's zone.
    const folder = join(dataDir, 'templates');
    cpSync(templates, folder, { recursive: true });
    const today = new Date();
    const iso = (days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
    const years = join(folder, 'academic-years.csv');
    writeFileSync(
      years,
      readFileSync(years, 'utf8').replace(/^AY2026,.*$/m, `AY2026,2026-27,${iso(-180)},${iso(180)}`),
    );
    const [day, month, year] = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata' }).format(today).split('/');
    const sessions = join(folder, 'class-sessions.csv');
    writeFileSync(
      sessions,
      readFileSync(sessions, 'utf8')
        .replace('23-11-2026 09:00', `${day}-${month}-${year} 00:05`)
        .replace('24-11-2026 16:00', `${day}-${month}-${year} 23:00`),
    );
    const out = await operatorTool('import', dataDir, [
      '--institute',
      host,
      '--all',
      folder,
      '--passwords-out',
      join(dataDir, 'passwords.csv'),
    ]);
    expect(out).toContain('Imported 6 rows of files');
    expect(out).toContain('of payments');
    expect(out).not.toMatch(/Nothing changed|errors [1-9]/);
    // The tools ran on this machine's clock, so the server does too.
    harness = await startHarness({ dataDir, clock: 'machine' });
  });
  afterAll(async () => {
    await harness?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('the imported student signs in with the first password: notices, homework, time table and fees', async () => {
    const page = await harness.newPage({ width: 1280, height: 900 });
    await signIn(harness, page, '9822222221', { host, password: 'asha-first-1' });
    await page.waitForURL('**/my-account/dashboard');
    await page.getByRole('heading', { name: 'Annual sports day' }).first().waitFor();
    await page.getByRole('heading', { name: 'Class 6 museum visit' }).first().waitFor();

    // The circular the files list loaded opens from the notice: the PDF itself.
    await page.goto(harness.url('/my-account/announcement', host));
    const circular = page.getByRole('link', { name: 'Attachment: Sports day circular.pdf' });
    await circular.waitFor();
    const href = (await circular.getAttribute('href'))!;
    const opened = await page.evaluate(async (address) => {
      const response = await fetch(address);
      const head = new Uint8Array(await response.arrayBuffer()).subarray(0, 5);
      return { status: response.status, head: String.fromCharCode(...head) };
    }, href);
    expect(opened).toEqual({ status: 200, head: '%PDF-' });

    await page.goto(harness.url('/my-account/assignment', host));
    const titles = async () => (await page.getByRole('article').allInnerTexts()).join('\n');
    await page.getByRole('tab', { name: /Ongoing/ }).waitFor();
    // Which tab each is on depends on today's date; read both once the list has arrived.
    await page.waitForLoadState('networkidle');
    let seen = await titles();
    await page.getByRole('tab', { name: /Past/ }).click();
    await page.getByRole('article').first().waitFor();
    seen += await titles();
    expect(seen).toContain('Fractions worksheet');
    expect(seen).toContain('Parts of a plant');

    // Today's imported class in the time table.
    await findTodaysClass(harness, page);

    // The imported fee structures, the payment recorded with its receipt.
    await page.goto(harness.url('/my-account/fees', host));
    // The bus fee, due in April with nothing paid; the first tuition installment, paid with receipt GV-2026-0001.
    await page.getByRole('table', { name: 'Due Details' }).getByText('Overdue').first().waitFor();
    await page.getByRole('tab', { name: 'Payment History' }).click();
    await page.getByRole('table', { name: 'Payment History' }).getByText('GV-2026-0001').waitFor();
  });

  it('the imported parent signs in and sees their child’s notices, homework, time table and fees', async () => {
    const page = await harness.newPage({ width: 1280, height: 900 });
    await signIn(harness, page, '9833333331', { host, password: 'meena-first-1' });
    await page.waitForURL('**/my-account/dashboard');
    await page.getByRole('heading', { name: 'Class 6 museum visit' }).first().waitFor();
    await page.goto(harness.url('/my-account/assignment', host));
    await page.getByRole('tab', { name: /Past/ }).click();
    await page.getByRole('article').filter({ hasText: 'Parts of a plant' }).waitFor();
    // The child's imported class of today, in the parent's time table.
    await findTodaysClass(harness, page);
    await page.goto(harness.url('/my-account/fees', host));
    await page.getByRole('table', { name: 'Due Details' }).getByText('Overdue').first().waitFor();
  });
});
