import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { createDatabase, databaseUrl, dropDatabase, e2eAdminUrl } from './postgres.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The date and hour the browser tests run at: Wednesday 25-11-2026, 11:00 in Kolkata (05:30 UTC, the same date on
 * this machine's UTC clock). The server (CLOCK_OFFSET_MS) and every page's clock start there when the run starts,
 * then run on in real time: the demo, seeded relative to the server's now, and each screen see the same day and
 * hour whenever the run happens (a run just after midnight in Kolkata found no class under Today).
 */
export const e2eStart = new Date('2026-11-25T05:30:00Z');

/** Chrome on an entry-level Android phone. */
const androidUserAgent =
  'Mozilla/5.0 (Linux; Android 13; SM-A045F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The production server (built web app, real API) on a fresh copy of the demo (PostgreSQL when TEST_DATABASE_URL is
 * set, else PGlite), and Chromium to drive it.
 */
export interface Harness {
  port: number;
  browser: Browser;
  /** The address of `path` at the institute found by `host` (localhost: Greenfield, apex.localhost: Apex). */
  url(path: string, host?: string): string;
  /** The run's clock, the server's and the pages' (see `e2eStart`). */
  now(): Date;
  /** A browser context on the run's clock. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /**
   * A page in a new browser context on the run's clock; `serviceWorkers: 'block'` keeps the app's service worker
   * out; `errors` collects console errors (CSP refusals among them) and page crashes.
   */
  newPage(options?: {
    width?: number;
    height?: number;
    serviceWorkers?: 'allow' | 'block';
    /** The device's time zone (default: this machine's, which CI keeps at UTC). */
    timezoneId?: string;
    /**
     * `machine`: the page keeps the browser's own clock, for a test that reads performance entries (Playwright's
     * clock fakes `performance`, whose entries it leaves empty) and needs no date.
     */
    clock?: 'run' | 'machine';
    /** An Android phone: touch, a mobile viewport and Chrome for Android's user agent. */
    phone?: boolean;
  }): Promise<Page & { errors: string[] }>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** A PGlite data directory prepared beforehand (default: a copy of the demo seeded once for the run). */
  dataDir?: string;
  /** Serve the web app from this folder (a copy of the build a test may change, as a release would). */
  webDistDir?: string;
  /**
   * `machine`: the server and the pages keep this machine's clock, for data that the operator's tools wrote on it
   * (admin.e2e.ts); a date: the server and the pages start there and run on in real time (a test of what happens
   * at a time of day); by default the run's clock (`e2eStart`).
   */
  clock?: 'run' | 'machine' | Date;
  /** More of the server's environment (an SMTP server to send mail to, say). */
  env?: Record<string, string>;
}

/** The production server on `dataDir` at a free port, once it answers /readyz (a new directory is seeded first). */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  { readyWithinMs = 90_000 } = {},
): Promise<{ port: number; server: ChildProcess }> {
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, ['apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // E2E_LOG_LEVEL=info shows every request of a run, to find which one a logged failure belongs to.
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      // Every browser test signs in from 127.0.0.1, where real users come from many addresses: a file that signs in
      // 30 times within a minute met the per-address limit (429) and failed at random, by how fast it ran. The
      // limit itself is tested in the API tier (login-lockout.test.ts).
      LOGIN_PER_MINUTE: '600',
      // V8's compile cache, shared by the run's servers: a start after the first skips most of compiling the API.
      NODE_COMPILE_CACHE: join(tmpdir(), 'portal-node-compile-cache'),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const started = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > readyWithinMs) {
      // Not left behind: a server the run gave up on would keep its port and a core busy after the run.
      server.kill('SIGKILL');
      throw new Error(`server not ready within ${readyWithinMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { port, server };
}

/** Stops a server started by `startServer` the way an operator would (SIGTERM: it closes the database cleanly). */
export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/**
 * A data directory of its own for one test file: a copy of the demo the global setup seeded once for the run
 * (support/global-setup.ts), as seeding it again took most of each file's time.
 */
function freshDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  cpSync(inject('e2eDemoDataDir'), dir, { recursive: true });
  return dir;
}

/**
 * The file's own server, on its own data (a fresh copy of the demo unless given), build and clock. The copy is a
 * PostgreSQL database of its own when the run seeded the demo there (support/global-setup.ts), else a PGlite folder.
 */
async function ownServer(options: HarnessOptions, offset: number) {
  const adminUrl = e2eAdminUrl();
  const template = options.dataDir ? '' : inject('e2eDemoDatabase');
  const database = adminUrl && template ? await createDatabase(adminUrl, template) : '';
  // The copy of the demo this server runs on is the file's own: it goes with the server (a run left 70 MB a file).
  const ownDir = options.dataDir ? undefined : freshDataDir();
  const dropOwnData = async () => {
    if (adminUrl && database) await dropDatabase(adminUrl, database);
    if (ownDir) rmSync(ownDir, { recursive: true, force: true });
  };
  try {
    const { port, server } = await startServer(options.dataDir ?? ownDir!, {
      CLOCK_OFFSET_MS: String(offset),
      ...(options.webDistDir ? { WEB_DIST_DIR: options.webDistDir } : {}),
      ...options.env,
      // SEED_DEMO=true: the copy holds the demo institutes, which a server on PostgreSQL otherwise refuses.
      ...(adminUrl && database ? { DATABASE_URL: databaseUrl(adminUrl, database), SEED_DEMO: 'true' } : {}),
    });
    return {
      port,
      stop: async () => {
        await stopServer(server);
        await dropOwnData();
      },
    };
  } catch (error) {
    await dropOwnData();
    throw error;
  }
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const offset =
    options.clock instanceof Date
      ? options.clock.getTime() - Date.now()
      : options.clock === 'machine'
        ? 0
        : inject('e2eClockOffsetMs');
  const { port, stop } = await ownServer(options, offset);
  // The run's Chromium (support/global-setup.ts); closing this connection closes the file's contexts.
  const browser = await chromium.connect(inject('e2eBrowserEndpoint'));
  const newContext = async (contextOptions: BrowserContextOptions = {}, clock: 'run' | 'machine' = 'run') => {
    const context = await browser.newContext(contextOptions);
    // Fake Date, timers and Intl from the run's now, running on in real time from there.
    if (offset !== 0 && clock === 'run') await context.clock.install({ time: Date.now() + offset });
    return context;
  };
  return {
    port,
    browser,
    url: (path, host = 'localhost') => `http://${host}:${port}${path}`,
    now: () => new Date(Date.now() + offset),
    newContext: (contextOptions) => newContext(contextOptions),
    newPage: async ({ width = 390, height = 844, serviceWorkers = 'allow', timezoneId, clock, phone } = {}) => {
      const device = phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2, userAgent: androidUserAgent } : {};
      const context = await newContext({ viewport: { width, height }, serviceWorkers, timezoneId, ...device }, clock);
      const page = Object.assign(await context.newPage(), { errors: [] as string[] });
      page.on('console', (message) => {
        if (message.type() === 'error') page.errors.push(message.text());
      });
      page.on('pageerror', (error) => page.errors.push(error.message));
      return page;
    },
    close: async () => {
      await browser.close();
      await stop();
    },
  };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Serious and critical accessibility violations on the page (axe-core, WCAG 2.1 A and AA). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const { colour, other } = await seriousA11yViolationsByKind(page, 'all');
  return [...other, ...colour];
}

/**
 * As `seriousA11yViolations`, split into the rules that read colours (axe's `cat.color`: text contrast, links told
 * from text by colour) and the others, which read the document alone. `colour` runs only the former: a screen
 * shown again in another colour mode, its document unchanged, needs only those again.
 */
export async function seriousA11yViolationsByKind(
  page: Page,
  rules: 'all' | 'colour',
): Promise<{ colour: string[]; other: string[] }> {
  // Evaluated through DevTools rather than a script tag, which the CSP (rightly) refuses; once per document.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(
    async ({ tags, rules }) => {
      interface Axe {
        getRules: (tags: string[]) => { ruleId: string; tags: string[] }[];
        run: (
          context: unknown,
          options: unknown,
        ) => Promise<{ violations: { id: string; impact: string; tags: string[]; nodes: unknown[] }[] }>;
      }
      const axe = (window as unknown as { axe: Axe }).axe;
      const colourRules = axe
        .getRules(tags)
        .filter((rule) => rule.tags.includes('cat.color'))
        .map((rule) => rule.ruleId);
      const result = await axe.run(document, {
        runOnly: rules === 'colour' ? { type: 'rule', values: colourRules } : { type: 'tag', values: tags },
        // Only the violations are read: axe still runs every rule, but skips listing the passes and the nodes it
        // could not decide, most of its time on a long screen.
        resultTypes: ['violations'],
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        colour: colourRules.includes(v.id),
        count: v.nodes.length,
        where: (v.nodes as { target: string[]; html: string }[])
          .slice(0, 3)
          .map((node) => node.html.slice(0, 120))
          .join(' | '),
      }));
    },
    { tags: wcagTags, rules },
  );
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const named = (colour: boolean) =>
    serious
      .filter((violation) => violation.colour === colour)
      .map((violation) => `${violation.id} (${violation.impact}, ${violation.count} nodes): ${violation.where}`);
  return { colour: named(true), other: named(false) };
}
