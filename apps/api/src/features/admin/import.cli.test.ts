import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolInProcess, toolProcess } from '../../../test/cli.ts';
import { createInstitute } from '../../../test/factories/institutes.ts';
import { migratedPgliteDump, onPostgres } from '../../../test/helpers.ts';
import { adminQuery, databaseUrl } from '../../../test/template.ts';
import { openPglite, openPostgres, type Database } from '../../db/client.ts';
import { runMigrations } from '../../db/migrate.ts';
import { instituteHosts, institutes } from '../../db/schema/institutes.ts';

const apiRoot = resolve(import.meta.dirname, '../../..');
const templates = resolve(apiRoot, '../../docs/import-templates');
const host = 'cli.test';

// The import as an operator runs it, on the configured database (a PGlite folder, or PostgreSQL on the second
// pass) with an institute and nothing else in it: in-process (src/cli-tools.ts, as the entry runs it), and once as
// its own process, whose exit code and streams the entry sets.
describe('npm run import (the command line)', () => {
  const work = mkdtempSync(join(tmpdir(), 'portal-import-'));
  let env: Record<string, string>;
  let databaseName: string | undefined;

  const cli = (...args: string[]) => tool('import', ...args);
  const tool = (name: string, ...args: string[]) => toolInProcess(name, args, env);

  beforeAll(async () => {
    let database: Database;
    if (onPostgres) {
      databaseName = `portal_cli_${randomBytes(5).toString('hex')}`;
      await adminQuery(`create database ${databaseName}`);
      database = await openPostgres(databaseUrl(databaseName), { poolSize: 2 });
      env = { DATABASE_URL: databaseUrl(databaseName) };
    } else {
      // The run's migrated template when there is one (runMigrations below then has nothing left to do).
      database = await openPglite(join(work, 'pglite'), await migratedPgliteDump());
      env = { DATA_DIR: work };
    }
    await runMigrations(database);
    await createInstitute(database.db, { host });
    await database.close();
  });
  afterAll(async () => {
    if (databaseName) await adminQuery(`drop database if exists ${databaseName} with (force)`);
  });

  it('prints a kind’s template: its header line (as its own process)', async () => {
    const { code, stdout, stderr } = await toolProcess(['import', '--template', 'enrolments'], env);
    expect(code).toBe(0);
    expect(stdout).toBe('student_external_id,batch_external_id,roll_no\n');
    expect(stderr).toContain('Required: student_external_id, batch_external_id');
  }, 60_000);

  it('checks a file in a dry run and changes nothing; then imports it', async () => {
    const file = resolve(templates, 'academic-years.csv');
    const dry = await cli('--institute', host, '--kind', 'academic-years', '--dry-run', file);
    expect(dry.stdout).toContain('Dry run of 2 rows');
    expect(dry.stdout).toContain('Would be: created 2, updated 0, unchanged 0');
    expect(dry.code).toBe(0);
    const real = await cli('--institute', host, '--kind', 'academic-years', file);
    expect(real.stdout).toContain('Imported 2 rows of academic-years');
    expect(real.stdout).toContain('created 2,');
  }, 60_000);

  it('changes nothing when a line is wrong, and names the line', async () => {
    const file = join(work, 'standards.csv');
    writeFileSync(file, 'external_id,name\r\nC1,Class 1\r\nC2,\r\n');
    const { code, stdout } = await cli('--institute', host, '--kind', 'standards', file);
    expect(code).toBe(1);
    expect(stdout).toContain('line 3, name: is required');
    expect(stdout).toContain('Nothing changed');
    const again = await cli('--institute', host, '--kind', 'standards', '--skip-invalid', file);
    expect(again.stdout).toContain('created 1,');
    expect(again.stdout).toContain('skipped 1');
  }, 60_000);

  it('loads a list of files: every line checked first, paths read beside the list, a rerun unchanged', async () => {
    const template = await cli('--template', 'files');
    expect(template.stdout).toBe('external_id,path,name\n');
    const list = join(work, 'files.csv');
    writeFileSync(join(work, 'fake.pdf'), 'not a pdf');
    writeFileSync(
      list,
      `external_id,path,name\nF-1,${resolve(templates, 'files/plant-notes.pdf')},Notes.pdf\nF-2,missing.pdf,\nF-3,fake.pdf,\n`,
    );
    const refused = await cli('--institute', host, '--kind', 'files', list);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(`line 3, path: no file at ${join(work, 'missing.pdf')}`);
    expect(refused.stdout).toContain('line 4, path: the content is not a PDF');
    expect(refused.stdout).toContain('Nothing changed');
    const skipped = await cli('--institute', host, '--kind', 'files', '--skip-invalid', list);
    expect(skipped.stdout).toContain('created 1,');
    expect(skipped.stdout).toContain('skipped 2');
    const templates2 = await cli('--institute', host, '--kind', 'files', '--dry-run', resolve(templates, 'files.csv'));
    expect(templates2.stdout).toContain('Would be: created 6, updated 0, unchanged 0');
    const removal = await cli('--institute', host, '--kind', 'files', '--delete', '--dry-run', list);
    expect(removal.stdout).toContain('deleted 1,');
  }, 60_000);

  it('writes the first passwords of created logins once, to the file the operator names', async () => {
    const out = join(work, 'passwords.csv');
    const { code, stdout } = await cli(
      '--institute',
      host,
      '--kind',
      'students',
      '--passwords-out',
      out,
      resolve(templates, 'students.csv'),
    );
    expect(stdout).toContain('created 3,');
    expect(code).toBe(0);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    // Only the login created without a password in the file (one has a password, one signs in by SSO only).
    expect(lines[0]).toBe('external_id,login,password');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 2).join(','))).toEqual(['S-1002,9822222222']);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const refused = await cli(
      '--institute',
      host,
      '--kind',
      'students',
      '--passwords-out',
      out,
      resolve(templates, 'students.csv'),
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('exists already');
  }, 60_000);

  it('writes a cell a spreadsheet would take for a formula as text, quote-prefixed (CSV injection)', async () => {
    const file = join(work, 'formula-students.csv');
    const formula = '=HYPERLINK("http://x","a")';
    writeFileSync(file, `external_id,name,phone\n"${formula.replaceAll('"', '""')}",Formula Student,9822220001\n`);
    const out = join(work, 'formula-passwords.csv');
    const { code } = await cli('--institute', host, '--kind', 'students', '--passwords-out', out, file);
    expect(code).toBe(0);
    const [, row] = parse(readFileSync(out, 'utf8')) as string[][];
    // The cell reads back as the id behind a quote, which spreadsheets show as text.
    expect(row!.slice(0, 2)).toEqual([`'${formula}`, '9822220001']);
  }, 60_000);

  it('adds an institute at its host names (npm run institute), refusing a host that is taken', async () => {
    const added = await tool(
      'institute',
      '--add',
      '--name',
      'Hill View School',
      '--host',
      'HillView.test',
      '--host',
      'portal.hillview.test',
    );
    expect(added.stdout).toContain('Added Hill View School (school) at hillview.test, portal.hillview.test.');
    const taken = await tool('institute', '--add', '--name', 'Copy', '--host', host);
    expect(taken.code).toBe(1);
    expect(taken.stderr.trim()).toBe(`The host ${host} already belongs to an institute`);
    const imported = await cli(
      '--institute',
      'portal.hillview.test',
      '--kind',
      'standards',
      resolve(templates, 'standards.csv'),
    );
    expect(imported.stdout).toContain('created 2,');
  }, 90_000);

  // Each run its own connection to PostgreSQL (in-process runs on one PGlite folder would share nothing real).
  it.runIf(onPostgres)(
    'gives a host to one of several operators adding it at once; the others are told',
    async () => {
      const contested = 'contested.test';
      const runs = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          tool('institute', '--add', '--name', `Race ${index}`, '--host', `race${index}.test`, '--host', contested),
        ),
      );
      expect(runs.filter((run) => run.code === 0)).toHaveLength(1);
      for (const refused of runs.filter((run) => run.code !== 0)) {
        expect(refused).toMatchObject({ code: 1, stdout: '' });
        expect(refused.stderr).toBe(`The host ${contested} already belongs to an institute\n`);
      }
      // A refused institute is not half-added: no "Race" institute without the contested host, none at its own.
      const listed = (await tool('institute', '--list')).stdout.split('\n').filter((line) => line.includes('Race'));
      expect(listed.filter((line) => line.endsWith(`\t${contested}`))).toHaveLength(1);
      expect(listed).toHaveLength(2);
    },
    90_000,
  );

  it('turns an institute’s Vimeo download switch (npm run institute -- --vimeo-downloads)', async () => {
    const wrong = await tool('institute', '--vimeo-downloads', 'maybe', '--institute', host);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr.trim()).toBe('--vimeo-downloads takes on or off, not maybe');
    const off = await tool('institute', '--vimeo-downloads', 'off', '--institute', host);
    expect(off.code).toBe(0);
    expect(off.stdout).toContain(`Vimeo downloads are now off at ${host}`);
    const database = onPostgres
      ? await openPostgres(env.DATABASE_URL!, { poolSize: 1 })
      : await openPglite(join(work, 'pglite'));
    try {
      const rows = await database.db
        .select({ host: instituteHosts.host, isVimeoDownloadable: institutes.isVimeoDownloadable })
        .from(institutes)
        .innerJoin(instituteHosts, eq(instituteHosts.instituteId, institutes.id));
      expect(rows.find((row) => row.host === host)?.isVimeoDownloadable).toBe(false);
      // Another institute keeps its own (on unless turned off).
      expect(rows.filter((row) => row.host !== host).every((row) => row.isVimeoDownloadable)).toBe(true);
    } finally {
      await database.close();
    }
  }, 90_000);

  it('creates an admin API key printed once, lists it, refuses its name again and revokes it (npm run admin:key)', async () => {
    const created = await tool('admin:key', '--institute', host, '--name', 'sis');
    expect(created.code).toBe(0);
    const key = created.stdout.split('\n')[0]!;
    expect(key).toMatch(/^cpa_[\w-]{20,}$/);
    expect(created.stdout).toContain('It is shown only now');
    const again = await tool('admin:key', '--institute', host, '--name', 'sis');
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe(`A key named sis exists already at ${host}; choose another name`);
    const listed = await tool('admin:key', '--institute', host, '--list');
    expect(listed.stdout).toMatch(/^sis\tactive\tcreated \S+\tnever used\n$/);
    // Only the key's hash is kept.
    expect(listed.stdout).not.toContain(key);
    const revoked = await tool('admin:key', '--institute', host, '--name', 'sis', '--revoke');
    expect(revoked.stdout).toContain('Revoked the key sis');
    expect((await tool('admin:key', '--institute', host, '--list')).stdout).toMatch(/^sis\trevoked /);
    const twice = await tool('admin:key', '--institute', host, '--name', 'sis', '--revoke');
    expect(twice.code).toBe(1);
    expect(twice.stderr.trim()).toBe(`No active key named sis at ${host}`);
  });

  it('names an unknown host', async () => {
    const { code, stderr } = await cli(
      '--institute',
      'nowhere.test',
      '--kind',
      'standards',
      resolve(templates, 'standards.csv'),
    );
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('No institute answers at the host nowhere.test');
  }, 60_000);
});
