// Vitest globalSetup of the e2e project: the production server seeds the demo once into a data directory that
// each test file's harness copies (support/harness.ts), instead of every file seeding its own (about 20 s each).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumArgs, chromiumInstallCommand, findChromium } from './chromium.ts';
import { e2eStart, startServer, stopServer } from './harness.ts';
import { createDatabase, databaseUrl, dropDatabase, e2eAdminUrl } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eDemoDataDir: string;
    /**
     * PostgreSQL (TEST_DATABASE_URL set): the database the demo was seeded into, which each file's server copies;
     * its files (uploads, pictures) are in `e2eDemoDataDir`. Empty: the servers run on PGlite in their data folder.
     */
    e2eDemoDatabase: string;
    /** How far the run's clock is from this machine's (see `e2eStart` in harness.ts). */
    e2eClockOffsetMs: number;
    /** The run's Chromium, which each test file's harness connects to (support/harness.ts). */
    e2eBrowserEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(`Chromium is missing; install it with: ${chromiumInstallCommand}`);
  // One Chromium for the run, each file in contexts of its own: launching one per file cost 1–4 s a file.
  const browser = await chromium.launchServer({ executablePath, args: chromiumArgs, headless: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-demo-'));
  const offset = e2eStart.getTime() - Date.now();
  // Seeded on start, at the run's now; stopped cleanly, so the copies open like a server's own directory after a
  // restart.
  // Seeding on the first start takes far longer than a copy's start (over 90 s on a loaded 2-core machine).
  const adminUrl = e2eAdminUrl();
  let database = '';
  try {
    database = adminUrl ? await createDatabase(adminUrl) : '';
    const onPostgres: Record<string, string> =
      adminUrl && database ? { DATABASE_URL: databaseUrl(adminUrl, database), SEED_DEMO: 'true' } : {};
    const { server } = await startServer(
      dataDir,
      { CLOCK_OFFSET_MS: String(offset), ...onPostgres },
      { readyWithinMs: 240_000 },
    );
    await stopServer(server);
  } catch (error) {
    await browser.close();
    if (adminUrl && database) await dropDatabase(adminUrl, database);
    throw error;
  }
  project.provide('e2eDemoDataDir', dataDir);
  project.provide('e2eDemoDatabase', database);
  project.provide('e2eClockOffsetMs', offset);
  project.provide('e2eBrowserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (adminUrl && database) await dropDatabase(adminUrl, database);
  };
}
