// Import benchmark (issue 17): N students, each with a parent and an enrolment, loaded with `npm run import` (a
// child process, as an operator runs it) into an empty institute on PostgreSQL; time per file and the importer's
// peak resident memory. Logins are SSO-only here: a first password costs an argon2 hash (~11 ms each, on purpose),
// which would measure argon2 rather than the import.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPostgres } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { instituteHosts, institutes } from '../apps/api/src/db/schema/institutes.ts';

const root = new URL('..', import.meta.url).pathname;
const host = 'import-bench.test';

/** One file's import: rows, seconds and the importer's peak memory. */
export interface ImportStep {
  kind: string;
  rows: number;
  seconds: number;
  /** The importer's own time (what it prints): `seconds` less the process start-up and migration check. */
  importSeconds: number;
  rowsPerSecond: number;
  peakRssMb: number;
}

const rssMb = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
  } catch {
    return 0;
  }
};

/** Writes a CSV file line by line (the generator, like the importer, keeps nothing in memory). */
async function writeCsv(path: string, header: string, rows: number, line: (index: number) => string) {
  const out = createWriteStream(path);
  out.write(`${header}\n`);
  for (let index = 0; index < rows; index += 1) {
    if (!out.write(`${line(index)}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

function runImport(databaseUrl: string, kind: string, file: string): Promise<ImportStep & { output: string }> {
  const started = Date.now();
  const child = spawn(process.execPath, ['src/cli.ts', 'import', '--institute', host, '--kind', kind, file], {
    cwd: join(root, 'apps/api'),
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', SEED_DEMO: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(child.pid!))), 100);
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      clearInterval(timer);
      const seconds = (Date.now() - started) / 1000;
      if (code !== 0) return reject(new Error(`import of ${kind} failed (${code}):\n${output}`));
      const imported = /Imported (\d+) rows of \S+ \(([\d.]+) s\)/.exec(output);
      const rows = Number(imported?.[1] ?? 0);
      resolve({
        kind,
        rows,
        seconds: Math.round(seconds * 10) / 10,
        importSeconds: Number(imported?.[2] ?? 0),
        rowsPerSecond: Math.round(rows / seconds),
        peakRssMb: Math.round(peak),
        output,
      });
    });
  });
}

/** Imports `students` students with a parent and an enrolment each into a fresh database; answers each step. */
export async function measureImport(adminUrl: string, students: number): Promise<ImportStep[]> {
  const name = `portal_bench_import_${students}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const database = await openPostgres(databaseUrl, { poolSize: 2 });
  await runMigrations(database);
  const [institute] = await database.db
    .insert(institutes)
    .values({
      name: 'Import Bench School',
      isSchool: true,
      classesMode: 'OFFLINE',
      examMode: 'OFFLINE',
      materialMode: 'NONE',
    })
    .returning({ id: institutes.id });
  await database.db.insert(instituteHosts).values({ host, instituteId: institute!.id });
  await database.close();

  const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  const standards = 12;
  const sectionsPerStandard = 8;
  const sections = standards * sectionsPerStandard;
  const file = (kind: string) => join(dir, `${kind}.csv`);
  await writeCsv(
    file('academic-years'),
    'external_id,name,start_date,end_date',
    1,
    () => 'AY,2026-27,01-04-2026,31-03-2027',
  );
  await writeCsv(file('standards'), 'external_id,name', standards, (i) => `STD${i + 1},Class ${i + 1}`);
  await writeCsv(file('batches'), 'external_id,standard_external_id,academic_year_external_id,name', sections, (i) =>
    [
      `SEC${i}`,
      `STD${Math.floor(i / sectionsPerStandard) + 1}`,
      'AY',
      String.fromCharCode(65 + (i % sectionsPerStandard)),
    ].join(','),
  );
  await writeCsv(file('students'), 'external_id,name,admission_no,phone,sso_only,gender,dob,address', students, (i) =>
    [
      `S${i}`,
      `Student ${i}`,
      `ADM${i}`,
      String(7_000_000_000 + i),
      'yes',
      i % 2 ? 'Female' : 'Male',
      '15-08-2014',
      `"${i} Main Road, Pune"`,
    ].join(','),
  );
  await writeCsv(file('parents'), 'external_id,name,phone,sso_only,student_external_ids', students, (i) =>
    [`P${i}`, `Parent ${i}`, String(8_000_000_000 + i), 'yes', `S${i}`].join(','),
  );
  await writeCsv(file('enrolments'), 'student_external_id,batch_external_id,roll_no', students, (i) =>
    [`S${i}`, `SEC${i % sections}`, String(Math.floor(i / sections) + 1)].join(','),
  );

  const steps: ImportStep[] = [];
  try {
    for (const kind of ['academic-years', 'standards', 'batches', 'students', 'parents', 'enrolments']) {
      const { output: _output, ...step } = await runImport(databaseUrl, kind, file(kind));
      steps.push(step);
      console.log(
        `import ${students}: ${kind} ${step.rows} rows in ${step.seconds} s (${step.importSeconds} s importing, the rest start-up; ${step.rowsPerSecond}/s), peak ${step.peakRssMb} MB`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
  return steps;
}
