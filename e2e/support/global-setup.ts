// Vitest globalSetup of the e2e project: the production server seeds the demo once into a data directory that
// each test file's harness copies (support/harness.ts), instead of every file seeding its own (about 20 s each).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer, stopServer } from './harness.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eDemoDataDir: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-demo-'));
  // Seeded on start; stopped cleanly, so the copies open like a server's own directory after a restart.
  const { server } = await startServer(dataDir);
  await stopServer(server);
  project.provide('e2eDemoDataDir', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
