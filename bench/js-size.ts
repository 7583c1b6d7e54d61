// The web app's script weight per route, from the build itself (no browser): the entry with its static imports,
// and for each signed-in route that plus the signed-in shell, the route's screen and the modules its first data
// call imports, each counted once, gzip and brotli. `node --import tsx bench/js-size.ts` builds into a temporary
// directory with a manifest (the real dist is left alone); Lighthouse's figure is the transfer of the same files.
// `-- --files /timetable` also lists that route's files, largest first.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  name?: string;
}

const root = new URL('..', import.meta.url).pathname;
const web = join(root, 'apps/web');

/** Each route's modules beyond the entry, as the app loads them on a cold visit (source paths under src/). */
const routes: Record<string, string[]> = {
  '/ (login)': [],
  '/dashboard': ['features/home/screens/dashboard.tsx'],
  '/announcement': ['features/home/screens/dashboard.tsx'],
  '/timetable': ['features/timetable/screens/timetable.tsx'],
  '/studymaterial': ['features/library/screens/library.tsx', 'features/library/api/library-api.ts'],
  '/live': ['features/live/screens/live.tsx'],
  '/exam': ['features/exam/screens/exam-desk.tsx', 'features/exam/api/desk.ts'],
  '/report': ['features/report/screens/report.tsx', 'features/report/api/reports.ts'],
  '/document': ['features/documents/screens/documents.tsx', 'features/documents/api/documents-api.ts'],
  '/assignment': ['features/assignments/screens/assignments.tsx', 'features/assignments/api/get-assignments.ts'],
  '/assignment/:id': ['features/assignments/screens/assignment-detail.tsx'],
  '/product': ['features/products/screens/products.tsx', 'features/products/api/get-my-products.ts'],
  '/product/:id': ['features/products/screens/product-detail.tsx', 'features/products/api/get-my-products.ts'],
  '/eventCalender': ['features/events/screens/event-calendar.tsx', 'features/events/api/get-events.ts'],
  '/fees': ['features/fees/screens/fees.tsx', 'features/fees/api/get-fees.ts'],
  '/Messages': ['features/messages/screens/messages.tsx', 'features/messages/api/get-messages.ts'],
  '/Profile': ['features/profile/screens/profile.tsx', 'features/profile/api/get-profile.ts'],
};
/** The signed-in shell: its own chunk, or the build's 'shell' group (apps/web/vite.config.ts) holding it. */
const shellModule = 'app/routes/authenticated-layout.tsx';

const listed = process.argv.includes('--files') ? process.argv[process.argv.indexOf('--files') + 1] : undefined;

const out = mkdtempSync(join(tmpdir(), 'js-size-'));
try {
  execFileSync('npx', ['vite', 'build', '--manifest', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: web,
    stdio: 'inherit',
  });
  const manifest = JSON.parse(readFileSync(join(out, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry && key.endsWith('index.html'))!;

  /** A module's file and every file it imports statically (what loads with it). */
  const closure = (key: string, into = new Set<string>()) => {
    const chunk = manifest[key];
    // A data module the screen imports statically is bundled into the screen's chunk: no chunk of its own.
    if (!chunk && key.includes('/api/')) return into;
    if (!chunk) throw new Error(`no chunk for ${key} (renamed?)`);
    if (into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const next of chunk.imports ?? []) closure(next, into);
    return into;
  };
  const sizes = new Map<string, { gz: number; br: number; raw: number }>();
  const size = (file: string) => {
    let known = sizes.get(file);
    if (!known) {
      const bytes = readFileSync(join(out, file));
      known = {
        raw: bytes.length,
        gz: gzipSync(bytes, { level: 9 }).length,
        br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      };
      sizes.set(file, known);
    }
    return known;
  };
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const entry = closure(entryKey);
  const shellKey =
    `src/${shellModule}` in manifest
      ? `src/${shellModule}`
      : Object.keys(manifest).find((key) => manifest[key]!.name === 'shell' && key.endsWith('.js'))!;
  console.log('| route | files | raw KB | gzip KB | brotli KB |\n|---|---|---|---|---|');
  for (const [route, modules] of Object.entries(routes)) {
    const files = new Set(entry);
    if (modules.length) closure(shellKey, files);
    for (const module of modules) closure(`src/${module}`, files);
    const total = [...files].map(size).reduce((a, b) => ({ raw: a.raw + b.raw, gz: a.gz + b.gz, br: a.br + b.br }));
    console.log(`| ${route} | ${files.size} | ${kb(total.raw)} | ${kb(total.gz)} | ${kb(total.br)} |`);
    if (route === listed) {
      const rows = [...files].map((file) => ({ file, ...size(file) })).sort((a, b) => b.br - a.br);
      for (const row of rows) console.log(`    ${row.file}: ${kb(row.br)} KB brotli, ${kb(row.raw)} KB raw`);
    }
  }
  const scripts = Object.values(manifest).map((chunk) => chunk.file);
  const small = [...new Set(scripts)].filter((file) => size(file).raw < 1024).length;
  console.log(`\n${new Set(scripts).size} scripts, ${small} under 1 KB`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
