// Exam saves through nginx with two API processes against one (issue 30): the same saves, from the same load
// generator at the same connections, through a proxy with one API process behind it and through one with both. Goal:
// two processes carry ≥ 1.7 × the saves a second of one, on a machine where each API process has a core of its own
// beside PostgreSQL, nginx and the load generator (on 2 cores they all share, the ratio says only that they share).
// Load from wrk (C) when installed, else autocannon.
//
//   node --import tsx bench/proxy-saves.ts [--attempts 100] [--seconds 10] [--connections 40]
import { execFileSync, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freePort } from '../apps/api/test/process.ts';
import { wrkPercentile, wrkScript } from './exam-save.ts';
import { openAttempts, prepareExam } from './exam-setup.ts';
import { startProxy } from './proxy.ts';
import { onSignal, start, stop, waitFor } from './servers.ts';

export interface ProxySaves {
  cores: number;
  connections: number;
  seconds: number;
  generator: 'wrk' | 'autocannon';
  one: { perSecond: number; p50: number; p99: number; failed: number };
  two: { perSecond: number; p50: number; p99: number; failed: number };
  /** two.perSecond ÷ one.perSecond (goal ≥ 1.7 with a core per API process). */
  ratio: number;
}

export async function measureProxySaves(options: {
  adminUrl: string;
  attempts: number;
  seconds: number;
  connections: number;
}): Promise<ProxySaves> {
  const { adminUrl, attempts, seconds, connections } = options;
  const name = `portal_proxy_bench_${Date.now()}`;
  execFileSync('psql', [adminUrl, '-q', '-c', `create database ${name}`]);
  const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  const work = mkdtempSync(join(tmpdir(), 'proxy-bench-'));
  const proxies: ChildProcess[] = [];
  const apis: ChildProcess[] = [];
  const cleanUp = () => {
    for (const proxy of proxies) proxy.kill('SIGTERM');
    execFileSync('psql', [adminUrl, '-q', '-c', `drop database if exists ${name} with (force)`]);
    rmSync(work, { recursive: true, force: true });
  };
  const cleanUpAtSignal = onSignal(cleanUp);
  const useWrk = !spawnSync('wrk', ['--version']).error;
  let seq = 0;
  try {
    const [portA, portB, oneProxy, twoProxies] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const api = (port: number, label: string) =>
      start('apps/api/src/server.ts', {
        DATABASE_URL: databaseUrl,
        SEED_DEMO: 'true',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        DATA_DIR: mkdtempSync(join(work, `${label}-`)),
        TRUST_PROXY: '127.0.0.1',
        WORKER: 'off',
      });
    // One at a time: the first migrates and seeds.
    apis.push(api(portA, 'api-a'));
    await waitFor(`http://127.0.0.1:${portA}/readyz`);
    apis.push(api(portB, 'api-b'));
    await waitFor(`http://127.0.0.1:${portB}/readyz`);
    proxies.push(startProxy(oneProxy, [portA], mkdtempSync(join(work, 'nginx-one-'))));
    proxies.push(startProxy(twoProxies, [portA, portB], mkdtempSync(join(work, 'nginx-two-'))));
    await waitFor(`http://127.0.0.1:${oneProxy}/readyz`);
    await waitFor(`http://127.0.0.1:${twoProxies}/readyz`);
    const { testId, credentials } = await prepareExam(databaseUrl, attempts, 600);
    const tokens = (await openAttempts(`http://localhost:${twoProxies}`, databaseUrl, testId, credentials)).map(
      (attempt) => attempt.token,
    );
    const tokensFile = join(work, 'tokens.txt');
    writeFileSync(tokensFile, tokens.join('\n') + '\n');
    writeFileSync(join(work, 'save.lua'), wrkScript(tokensFile));

    /** Saves through the proxy on `port` for `duration` seconds. */
    const run = async (port: number, duration: number) => {
      const base = `http://localhost:${port}`;
      if (useWrk) {
        const args = ['-t', '2', '-c', String(connections), '-d', `${duration}s`, '--latency'];
        const ran = spawnSync('wrk', [...args, '-s', join(work, 'save.lua'), base, '--', String(seq + 1)], {
          encoding: 'utf8',
        });
        const total = Number(/(\d+) requests in/.exec(ran.stdout)?.[1] ?? 0);
        if (total === 0) throw new Error(`wrk failed: ${ran.stderr.slice(0, 2000)}${ran.stdout.slice(0, 2000)}`);
        // Each thread counts its seqs from the base: the next run starts above all of them.
        seq += total * 2 + 2;
        const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(ran.stdout);
        return {
          perSecond: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(ran.stdout)?.[1] ?? 0)),
          p50: wrkPercentile(ran.stdout, '50'),
          p99: wrkPercentile(ran.stdout, '99'),
          failed:
            Number(/Non-2xx or 3xx responses: (\d+)/.exec(ran.stdout)?.[1] ?? 0) +
            (socketErrors ? socketErrors.slice(1).reduce((sum, value) => sum + Number(value), 0) : 0),
        };
      }
      let next = 0;
      const result = await autocannon({
        url: base,
        connections,
        duration,
        requests: [
          {
            method: 'PUT',
            path: '/examPanel/attempt/answers',
            setupRequest: (request) => {
              seq += 1;
              return {
                ...request,
                headers: { authorization: tokens[next++ % tokens.length]!, 'content-type': 'application/json' },
                body: JSON.stringify({ answers: [{ question_no: 1 + (seq % 10), seq, answer: 'b' }] }),
              };
            },
          },
        ],
      });
      return {
        perSecond: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        failed: result.non2xx + result.errors + result.timeouts,
      };
    };
    // Warm both processes' code (through the proxy with both), then measure one against two, alternately twice.
    await run(twoProxies, 2);
    const ones = [await run(oneProxy, seconds)];
    const twos = [await run(twoProxies, seconds)];
    ones.push(await run(oneProxy, seconds));
    twos.push(await run(twoProxies, seconds));
    const best = (runs: typeof ones) => runs.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
    const one = best(ones);
    const two = best(twos);
    const ratio = Math.round((two.perSecond / Math.max(one.perSecond, 1)) * 100) / 100;
    const cores = availableParallelism();
    const describe = (label: string, figures: typeof one) =>
      `${label}: ${figures.perSecond} saves/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ${figures.failed} failed`;
    console.log(
      `exam saves through nginx (${useWrk ? 'wrk' : 'autocannon'}, ${connections} connections, ${seconds} s, best of 2):\n` +
        `  ${describe('one API process ', one)}\n  ${describe('two API processes', two)}\n` +
        `  ratio ${ratio} (goal ≥ 1.7 with a core per API process; this machine has ${cores} cores for everything)`,
    );
    return { cores, connections, seconds, generator: useWrk ? 'wrk' : 'autocannon', one, two, ratio };
  } finally {
    for (const child of apis) await stop(child);
    cleanUpAtSignal();
    cleanUp();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      attempts: { type: 'string', default: '100' },
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '40' },
    },
  });
  await measureProxySaves({
    adminUrl:
      process.env.BENCH_ADMIN_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    attempts: Number(values.attempts),
    seconds: Number(values.seconds),
    connections: Number(values.connections),
  });
}
