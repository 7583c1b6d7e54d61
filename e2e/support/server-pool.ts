// The servers of the test files that run on a copy of the demo (most of them), started one file ahead: while a file
// runs, the next file's server copies the demo and starts (a few seconds of work, over half a minute on a loaded
// 2-core machine), so the next file finds it answering. Lives in the global setup's process; the files ask for a
// server and hand it back over HTTP on 127.0.0.1 (support/harness.ts).
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, stopServer } from './harness.ts';

interface Started {
  port: number;
  server: ChildProcess;
  dataDir: string;
}

/** Starts servers on copies of `demoDataDir` at the run's clock, each once asked for, the next one beforehand. */
export async function startServerPool(demoDataDir: string, clockOffsetMs: number) {
  const running = new Map<number, Started>();
  const startOne = async (): Promise<Started> => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
    cpSync(demoDataDir, dataDir, { recursive: true });
    const { port, server } = await startServer(dataDir, { CLOCK_OFFSET_MS: String(clockOffsetMs) });
    running.set(port, { port, server, dataDir });
    return { port, server, dataDir };
  };
  const stopOne = async (port: number) => {
    const started = running.get(port);
    if (!started) return;
    running.delete(port);
    await stopServer(started.server);
    rmSync(started.dataDir, { recursive: true, force: true });
  };
  // A failed start is reported to the file that asks for it, not as an unhandled rejection here.
  const ahead = () => {
    const next = startOne();
    next.catch(() => undefined);
    return next;
  };
  let next = ahead();

  const control: Server = createServer((request, response) => {
    const answer = (work: Promise<unknown>) =>
      work.then(
        (body) => response.end(JSON.stringify(body ?? {})),
        (error: unknown) => {
          response.statusCode = 500;
          response.end(JSON.stringify({ error: String(error) }));
        },
      );
    const stop = /^\/stop\/(\d+)$/.exec(request.url ?? '');
    if (request.url === '/take') {
      const taken = next;
      next = ahead();
      void answer(taken.then(({ port }) => ({ port })));
    } else if (stop) {
      void answer(stopOne(Number(stop[1])));
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const { port } = control.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise((resolve) => control.close(resolve));
      await next.catch(() => undefined);
      await Promise.all([...running.keys()].map(stopOne));
    },
  };
}
