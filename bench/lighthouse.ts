// Lighthouse (mobile) on the login page and the signed-in dashboard of the production build with demo data.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const port = 8093;
const root = new URL('..', import.meta.url).pathname;
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export interface PageSpeed {
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

/** Starts the demo server on PGlite, runs Lighthouse on both pages, stops it. */
export async function runLighthouse(reportDir?: string): Promise<PageSpeed[]> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-lh-')),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
      } catch {
        if (attempt > 450) throw new Error('demo server did not start');
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
      const login = await lighthouse(`${base}/`, flags, undefined, page);
      // Sign in through the page so the dashboard runs with a real session in local storage.
      await page.goto(`${base}/`);
      await page.waitForSelector('input[placeholder="Email or Phone Number"]');
      await page.type('input[placeholder="Email or Phone Number"]', '9000000001');
      await page.type('input[type="password"]', 'demo1234');
      await Promise.all([
        page.waitForFunction(() => location.pathname.endsWith('/dashboard')),
        page.keyboard.press('Enter'),
      ]);
      // A cold cache for the dashboard too, keeping only the signed-in storage: the service worker and its precache
      // (registered by the signed-in app) go as well, or the dashboard would load from them.
      await page.evaluate(async () => {
        for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
        for (const name of await caches.keys()) await caches.delete(name);
      });
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      const dashboard = await lighthouse(`${base}/dashboard`, { ...flags, disableStorageReset: true }, undefined, page);
      if (reportDir) {
        writeFileSync(join(reportDir, 'login.json'), JSON.stringify(login!.lhr));
        writeFileSync(join(reportDir, 'dashboard.json'), JSON.stringify(dashboard!.lhr));
      }
      return [summarise('login', login!.lhr), summarise('dashboard', dashboard!.lhr)];
    } finally {
      await browser.close();
    }
  } finally {
    server.kill('SIGTERM');
  }
}

// `npm run bench:lighthouse [-- report-dir]`: only the page-speed part, with the full reports kept for reading.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const reportDir = process.argv[2] ?? mkdtempSync(join(tmpdir(), 'lighthouse-'));
  mkdirSync(reportDir, { recursive: true });
  console.table(await runLighthouse(reportDir));
  console.log(`full reports in ${reportDir}`);
}
