// Stops and starts PostgreSQL for the fault runs (bench/faults.ts, bench/exam.ts). By default the machine's
// cluster, as CI has it: pg_ctlcluster on the first installed version's `main`. With BENCH_PG_DATA set to a
// throwaway cluster's data directory (its port and socket in its own postgresql.conf) it runs pg_ctl on that
// directory instead, as the directory's owner: a trial on a machine whose cluster others are using.
import { execFile } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export interface PostgresControl {
  /** Stops the server at once (`immediate`: no checkpoint, as a crash would). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Whether the server of `url` accepts connections. */
  isReady(): Promise<boolean>;
  /** What is stopped, for the run's log. */
  name: string;
}

export function postgresControl(url: string): PostgresControl {
  const dataDir = process.env.BENCH_PG_DATA;
  // Asynchronous: a blocking call would freeze the load's clocks and charge its seconds to its requests.
  const run = async (action: 'start' | 'stop') => {
    if (dataDir) {
      const version = readdirSync('/usr/lib/postgresql')[0]!;
      const { uid, gid } = statSync(dataDir);
      // pg_ctl refuses root; the log file keeps the server off this process's pipes (else execFile never ends).
      await execFileAsync(
        `/usr/lib/postgresql/${version}/bin/pg_ctl`,
        [
          '-D',
          dataDir,
          '-w',
          action,
          ...(action === 'stop' ? ['-m', 'immediate'] : ['-l', join(dataDir, 'bench.log')]),
        ],
        { uid, gid },
      );
      return;
    }
    const cluster = readdirSync('/etc/postgresql')[0]!;
    await execFileAsync('pg_ctlcluster', [
      '--skip-systemctl-redirect',
      cluster,
      'main',
      action,
      ...(action === 'stop' ? ['-m', 'immediate'] : []),
    ]);
  };
  return {
    stop: () => run('stop'),
    start: () => run('start'),
    isReady: () =>
      execFileAsync('pg_isready', ['-q', '-d', url]).then(
        () => true,
        () => false,
      ),
    name: dataDir ? `the cluster in ${dataDir}` : 'the machine cluster',
  };
}
