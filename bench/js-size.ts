// The web app's script weight per route, from the build itself (no browser): the entry with its static imports,
// and for each signed-in route that plus the signed-in shell, the route's screen and the modules its first data
// call imports, each counted once, gzip and brotli. `node --import tsx bench/js-size.ts` builds into a temporary
// directory with a manifest (the real dist is left alone); Lighthouse's figure is the transfer of the same files.
// `-- --files /timetable` also lists that route's files, largest first. Each route's estimate of what Lighthouse
// counts (the boot script, the files brotli and each answer's headers) is checked against the budget of 150 KB:
// `-- --check` exits 1 when a route is over, and e2e/script-weight.e2e.ts runs the same check (issue 28).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
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
  '/ (login)': ['app/routes/sign-in-screens.tsx'],
  // The banner carousel comes with home's data, the promotional pop-up on a browser's first visit.
  '/dashboard': [
    'features/home/screens/dashboard.tsx',
    'features/home/components/banner-carousel.tsx',
    'features/home/components/promo-modal.tsx',
  ],
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

/** The script budget of a route in Lighthouse's transfer (bench/lighthouse.ts budgets.jsKb). */
export const jsBudgetKb = 150;

/**
 * What each script answer carries besides its body, measured in Lighthouse's transfer sizes (2026-11-27: the status
 * line and headers of a hashed script from apps/api/src/plugins/web.ts, ~0.35 KB).
 */
export const headerBytesPerFile = 360;

export interface RouteWeight {
  route: string;
  files: { file: string; raw: number; gz: number; br: number }[];
  raw: number;
  gz: number;
  br: number;
  /** Lighthouse's count, estimated: the boot script and the files brotli, each with its answer's headers. */
  transfer: number;
}

/** Builds the web app into a temporary directory and weighs each route's scripts (none of it is kept). */
export function measureRoutes(): RouteWeight[] {
  const out = mkdtempSync(join(tmpdir(), 'js-size-'));
  try {
    execFileSync('npx', ['vite', 'build', '--manifest', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: web,
      // As `npm run build`, also from a test runner (which sets NODE_ENV=test: React's development build).
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const manifest = JSON.parse(readFileSync(join(out, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
    const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry && key.endsWith('index.html'))!;
    // The page's only script (vite.config.ts, runAppAfterPaint): every route loads it first.
    const boot = `assets/${readdirSync(join(out, 'assets')).find((file) => /^boot-[\w-]+\.js$/.test(file))}`;

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
    const entry = closure(entryKey);
    const shellKey =
      `src/${shellModule}` in manifest
        ? `src/${shellModule}`
        : Object.keys(manifest).find((key) => manifest[key]!.name === 'shell' && key.endsWith('.js'))!;
    return Object.entries(routes).map(([route, modules]) => {
      const names = new Set(entry);
      if (route !== '/ (login)') closure(shellKey, names);
      for (const module of modules) closure(`src/${module}`, names);
      const files = [...names].map((file) => ({ file, ...size(file) })).sort((a, b) => b.br - a.br);
      const sum = (key: 'raw' | 'gz' | 'br') => files.reduce((total, file) => total + file[key], 0);
      const transfer = size(boot).br + sum('br') + (files.length + 1) * headerBytesPerFile;
      return { route, files, raw: sum('raw'), gz: sum('gz'), br: sum('br'), transfer };
    });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The routes over the budget, as `route: N KB`. */
export const overBudget = (weights: RouteWeight[]) =>
  weights
    .filter((weight) => weight.transfer / 1024 > jsBudgetKb)
    .map((weight) => `${weight.route}: ${(weight.transfer / 1024).toFixed(1)} KB`);

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const listed = process.argv.includes('--files') ? process.argv[process.argv.indexOf('--files') + 1] : undefined;
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const weights = measureRoutes();
  console.log(
    '| route | files | raw KB | gzip KB | brotli KB | est. transfer KB (boot + headers) |\n|---|---|---|---|---|---|',
  );
  for (const weight of weights) {
    console.log(
      `| ${weight.route} | ${weight.files.length} | ${kb(weight.raw)} | ${kb(weight.gz)} | ${kb(weight.br)} | ${kb(weight.transfer)} |`,
    );
    if (weight.route === listed) {
      for (const row of weight.files) console.log(`    ${row.file}: ${kb(row.br)} KB brotli, ${kb(row.raw)} KB raw`);
    }
  }
  const over = overBudget(weights);
  console.log(over.length ? `\nover ${jsBudgetKb} KB: ${over.join(', ')}` : `\nevery route within ${jsBudgetKb} KB`);
  if (process.argv.includes('--check') && over.length) process.exitCode = 1;
}
