import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, killAllServers, migratedDataDir, startServer, waitForOutput, waitReady } from './process.ts';

afterAll(killAllServers);

describe('server start-up', () => {
  it('stops on PORT=abc with one line naming the variable', async () => {
    const server = startServer({ PORT: 'abc' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "abc")',
    );
  });

  it('stops on an unreachable DATABASE_URL with one line naming the variable', async () => {
    const server = startServer({ DATABASE_URL: 'postgres://portal:secret@127.0.0.1:1/portal' });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^DATABASE_URL: cannot connect to PostgreSQL/);
    expect(lines[0]).not.toContain('secret');
  });

  it('seeds an empty data directory, refuses a second server on it, and restarts on the same data', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-data-'));
    const port = await freePort();
    const first = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    await waitReady(port, 90_000);
    const before = await (
      await fetch(`http://127.0.0.1:${port}/api/v1/institutes/getLogoAndFavIcon?virtualHostUrl=apex.localhost`)
    ).json();
    // The empty embedded database was seeded by default (SEED_DEMO=auto): the demo's coaching institute is there.
    expect(before).toMatchObject({ statusCode: 200, result: { instituteName: expect.stringMatching(/^Apex/) } });

    const intruder = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await intruder.exited).toBe(1);
    expect(intruder.output().trim()).toMatch(/^DATA_DIR: .* is in use by another process \(pid \d+\)/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    // Becomes ready again (how fast is for a benchmark: a busy test machine says nothing about it).
    await waitReady(port, 90_000);
    const after = await (
      await fetch(`http://127.0.0.1:${port}/api/v1/institutes/getLogoAndFavIcon?virtualHostUrl=apex.localhost`)
    ).json();
    // Same institute id: the data was kept, not seeded again.
    expect(after).toEqual(before);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 180_000);

  it('lets an in-flight request finish on SIGTERM and then exits', async () => {
    // Any database will do here: seeding the demo first took most of this test's time.
    const dataDir = await migratedDataDir();
    const port = await freePort();
    // info: the server logs each request as it arrives, so the signal is sent once this one is in.
    const server = startServer({ DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: 'false', LOG_LEVEL: 'info' });
    await waitReady(port, 90_000);
    // /docs/json builds the OpenAPI document on first use: a request still running when the signal lands.
    const inFlight = fetch(`http://127.0.0.1:${port}/docs/json`);
    await waitForOutput(server, /"url":"\/docs\/json"/, 30_000);
    server.child.kill('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await server.exited).toBe(0);
  }, 180_000);
});
