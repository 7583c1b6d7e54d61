import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/flows.ts';
import { startHarness, type Harness } from './support/harness.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const templates = join(repoRoot, 'docs/import-templates');
const host = 'greenvalley.localhost';
const kinds = [
  'academic-years',
  'standards',
  'batches',
  'subjects',
  'teachers',
  'students',
  'parents',
  'enrolments',
  'announcements',
  'assignments',
  'evaluations',
  'events',
  'messages',
];

/** Runs one of the operator's commands on the data directory (the server is not running yet). */
function tool(name: string, dataDir: string, args: string[]) {
  return new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `apps/api/src/features/admin/${name}.cli.ts`, ...args],
      {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
      },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${name} ${args.join(' ')}: ${stdout}${stderr}`)) : resolve(stdout),
    );
  });
}

// An institute set up the way an operator would: `npm run institute`, then every template file through
// `npm run import`, then the server started on that data and a browser signing in as the imported student.
describe('an institute loaded from the import templates, in Chromium', () => {
  let harness: Harness;
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-import-'));
    await tool('institute', dataDir, [
      '--add',
      '--name',
      'Green Valley School',
      '--host',
      host,
      '--online-assignments',
    ]);
    // The template's year is 2026-27; the server runs on today's date, so the copy's year is the one around today.
    const today = new Date();
    const iso = (days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
    const years = join(dataDir, 'academic-years.csv');
    writeFileSync(
      years,
      readFileSync(join(templates, 'academic-years.csv'), 'utf8').replace(
        /^AY2026,.*$/m,
        `AY2026,2026-27,${iso(-180)},${iso(180)}`,
      ),
    );
    // The files rows name (a notice's circular, the worksheet), from the files list beside the templates.
    const files = await tool('import', dataDir, ['--institute', host, '--kind', 'files', join(templates, 'files.csv')]);
    expect(files).toContain('created 6');
    for (const kind of kinds) {
      const file = kind === 'academic-years' ? years : join(templates, `${kind}.csv`);
      const out = await tool('import', dataDir, [
        '--institute',
        host,
        '--kind',
        kind,
        '--passwords-out',
        join(dataDir, `${kind}-passwords.csv`),
        file,
      ]);
      expect(out).toContain('errors 0');
    }
    harness = await startHarness({ dataDir });
  });
  afterAll(() => harness?.close());

  it('the imported student signs in with the first password and sees the notices and the homework', async () => {
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
  });

  it('the imported parent signs in and sees their child’s notices and homework', async () => {
    const page = await harness.newPage({ width: 1280, height: 900 });
    await signIn(harness, page, '9833333331', { host, password: 'meena-first-1' });
    await page.waitForURL('**/my-account/dashboard');
    await page.getByRole('heading', { name: 'Class 6 museum visit' }).first().waitFor();
    await page.goto(harness.url('/my-account/assignment', host));
    await page.getByRole('tab', { name: /Past/ }).click();
    await page.getByRole('article').filter({ hasText: 'Parts of a plant' }).waitFor();
  });
});
