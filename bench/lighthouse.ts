// Lighthouse (mobile) on the login page and every signed-in route of the production build with demo data, one run
// each, as Greenfield's student (every menu item shows for them); a per-route table for the README.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';

// LH_PORT: another port when several checkouts measure on one machine.
const port = Number(process.env.LH_PORT ?? 8093);
const root = new URL('..', import.meta.url).pathname;
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export interface PageSpeed {
  /** The route measured ('/' is the login page). */
  page: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function summarise(page: string, lhr: Result): PageSpeed {
  const requests =
    (
      lhr.audits['network-requests']?.details as {
        items?: { resourceType?: string; transferSize?: number; url?: string }[];
      }
    )?.items ?? [];
  return {
    page,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    // Every script byte sent, however it was asked for (a preloaded module is typed by how it was requested).
    jsBytes: requests
      .filter((item) => item.resourceType === 'Script' || /\.m?js(\?|$)/.test(item.url ?? ''))
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
  };
}

/** The page-speed budgets of every route (issue on the web app under real conditions). */
export const budgets = { score: 95, lcpMs: 1500, cls: 0.05, jsKb: 150 };

const kb = (bytes: number) => Math.round(bytes / 1024);

/** Where a route misses a budget and by how much ('' when it meets all four). */
export function budgetMisses(speed: PageSpeed): string {
  const misses = [
    speed.score < budgets.score && `score −${budgets.score - speed.score}`,
    speed.lcpMs > budgets.lcpMs && `LCP +${((speed.lcpMs - budgets.lcpMs) / 1000).toFixed(2)} s`,
    speed.cls > budgets.cls && `CLS +${(speed.cls - budgets.cls).toFixed(3)}`,
    kb(speed.jsBytes) > budgets.jsKb && `JS +${kb(speed.jsBytes) - budgets.jsKb} KB`,
  ];
  return misses.filter(Boolean).join(', ');
}

/** The per-route table (Markdown) the README shows. */
export function lighthouseTable(speeds: PageSpeed[]): string[] {
  return [
    '| route | score | LCP | TBT | CLS | JS (compressed transfer) | budgets missed |',
    '|---|---|---|---|---|---|---|',
    ...speeds.map(
      (speed) =>
        `| ${speed.page === '/' ? '/ (login)' : speed.page} | ${speed.score} | ${speed.lcpMs} ms | ${speed.tbtMs} ms | ${speed.cls} | ${kb(speed.jsBytes)} KB | ${budgetMisses(speed) || 'none'} |`,
    ),
  ];
}

const appPath = (href: string) => new URL(href).pathname.replace(/^\/my-account/, '') || '/';

/** The first link on `path` whose address starts with `prefix/` (an assignment, a product), if any. */
async function firstDetail(page: Page, base: string, path: string, prefix: string): Promise<string | undefined> {
  await page.goto(`${base}${path}`);
  const selector = `#main-content a[href^="/my-account${prefix}/"]`;
  const found = await page.waitForSelector(selector, { timeout: 15_000 }).catch(() => null);
  return found ? appPath(await found.evaluate((link) => (link as HTMLAnchorElement).href)) : undefined;
}

/**
 * Every signed-in route of the signed-in user: the menu's screens, the full announcement list, and the first
 * assignment and product opened from their lists.
 */
async function signedInRoutes(page: Page, base: string): Promise<string[]> {
  await page.waitForSelector('nav[aria-label="Main menu"] a');
  const menu = await page.$$eval('nav[aria-label="Main menu"] a', (links) =>
    links.map((link) => (link as HTMLAnchorElement).href),
  );
  const routes = menu.map(appPath);
  const details: string[] = [];
  for (const [list, prefix] of [
    ['/assignment', '/assignment'],
    ['/product', '/product'],
  ] as const) {
    if (!routes.includes(list)) continue;
    const detail = await firstDetail(page, base, list, prefix);
    if (detail) details.push(detail);
  }
  return [routes[0]!, '/announcement', ...routes.slice(1), ...details];
}

/**
 * A cold cache for the next route, keeping only the signed-in storage: the service worker and its precache go too,
 * and the mark of the once-per-browser promotional pop-up, so the dashboard is measured as a first visit (with it).
 */
async function forgetCaches(page: Page) {
  await page.evaluate(async () => {
    localStorage.removeItem('promo_seen');
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    for (const name of await caches.keys()) await caches.delete(name);
  });
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

const slug = (route: string) => (route === '/' ? 'login' : route.slice(1).replace(/[^\w-]+/g, '_'));

/**
 * Starts the demo server on PGlite, runs Lighthouse once on each route (default: the login page and every
 * signed-in route; '/' is the login page), stops it.
 */
export async function runLighthouse(options: { reportDir?: string; routes?: string[] } = {}): Promise<PageSpeed[]> {
  const { reportDir } = options;
  const server = spawn(process.execPath, ['apps/api/src/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-lh-')),
      // Another build to serve (an A/B of two builds), else apps/web/dist.
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    // Seeding the demo takes a while on a busy machine: up to 3 minutes, unless the server gave up.
    for (const started = Date.now(); ;) {
      if (server.exitCode !== null) throw new Error(`demo server exited with ${server.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
      } catch {
        if (Date.now() - started > 180_000) throw new Error('demo server did not start within 3 minutes');
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const browser = await puppeteer.launch({
      executablePath: chromium,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const page = await browser.newPage();
      const base = `http://localhost:${port}/my-account`;
      const flags = {
        output: 'json' as const,
        logLevel: 'error' as const,
        onlyCategories: ['performance'],
        ...(process.env.LH_METHOD ? { throttlingMethod: process.env.LH_METHOD as 'devtools' } : {}),
      };
      const speeds: PageSpeed[] = [];
      const measure = async (route: string, signedIn: boolean) => {
        const result = await lighthouse(
          `${base}${route}`,
          signedIn ? { ...flags, disableStorageReset: true } : flags,
          undefined,
          page,
        );
        if (reportDir) writeFileSync(join(reportDir, `${slug(route)}.json`), JSON.stringify(result!.lhr));
        speeds.push(summarise(route, result!.lhr));
        console.log(`lighthouse ${route}: ${speeds.at(-1)!.score}`);
      };
      if (!options.routes || options.routes.includes('/')) await measure('/', false);
      // Sign in through the page so the signed-in routes run with a real session in local storage.
      await page.goto(`${base}/`);
      await page.waitForSelector('input[placeholder="Email or Phone Number"]');
      await page.type('input[placeholder="Email or Phone Number"]', '9000000001');
      await page.type('input[type="password"]', 'demo1234');
      await Promise.all([
        page.waitForFunction(() => location.pathname.endsWith('/dashboard')),
        page.keyboard.press('Enter'),
      ]);
      const routes = options.routes?.filter((route) => route !== '/') ?? (await signedInRoutes(page, base));
      for (const route of routes) {
        await forgetCaches(page);
        await measure(route, true);
      }
      return speeds;
    } finally {
      await browser.close();
    }
  } finally {
    server.kill('SIGTERM');
  }
}

// `npm run bench:lighthouse [-- report-dir] [--routes /dashboard,/fees]`: only the page-speed part, with the full
// reports and the table (lighthouse.md) kept for reading.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { routes: { type: 'string' } },
  });
  const reportDir = positionals[0] ?? mkdtempSync(join(tmpdir(), 'lighthouse-'));
  mkdirSync(reportDir, { recursive: true });
  const speeds = await runLighthouse({ reportDir, routes: values.routes?.split(',').map((route) => route.trim()) });
  const table = lighthouseTable(speeds);
  writeFileSync(join(reportDir, 'lighthouse.md'), `${table.join('\n')}\n`);
  console.log(table.join('\n'));
  console.log(`full reports and lighthouse.md in ${reportDir}`);
}
