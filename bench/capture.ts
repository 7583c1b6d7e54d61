// The SQL each route sends, captured through Drizzle's logger on an in-process app, and the same statements
// timed with pg directly (no HTTP, no Drizzle, no handler): the floor a route's latency is compared with.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { openPostgres } from '../apps/api/src/db/client.ts';
import { localDiskStorage } from '../apps/api/src/lib/storage.ts';
import { requestHeaders, type Identity, type Route } from './routes.ts';

export interface Statement {
  text: string;
  params: unknown[];
}

export interface Capture {
  /** Per route: the statements of one warm request (caches filled) for each captured person, in order sent. */
  perRoute: Record<string, Statement[][]>;
  /** Every statement seen, the cold first requests' too (the host lookup the server then caches). */
  all: Statement[];
}

/** Runs every route once cold, then once for each of the first `count` people, recording the SQL it sends. */
export async function captureStatements(
  url: string,
  routes: Route[],
  people: Identity[],
  count = 20,
): Promise<Capture> {
  const captured: Statement[] = [];
  const all: Statement[] = [];
  const database = await openPostgres(url, {
    poolSize: 2,
    logQuery: (text, params) => {
      captured.push({ text, params });
      all.push({ text, params });
    },
  });
  const app = await buildApp({
    config: { LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' },
    database,
    storage: localDiskStorage(mkdtempSync(join(tmpdir(), 'bench-files-'))),
  });
  const inject = async (route: Route, person: Identity) => {
    const response = await app.inject({
      method: route.method,
      url: route.path(person),
      headers: requestHeaders(route, person),
      ...(route.body ? { payload: JSON.stringify(route.body(person)) } : {}),
    });
    if (response.statusCode !== 200)
      throw new Error(`${route.name}: answered ${response.statusCode} ${response.body.slice(0, 200)}`);
  };
  const perRoute: Record<string, Statement[][]> = {};
  try {
    for (const route of routes) {
      await inject(route, people[0]!);
      perRoute[route.name] = [];
      for (const person of people.slice(0, count)) {
        captured.length = 0;
        await inject(route, person);
        perRoute[route.name]!.push([...captured]);
      }
    }
  } finally {
    await app.close();
  }
  return { perRoute, all };
}

export interface Latency {
  p50: number;
  p99: number;
  iterations: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** Summary of latencies in ms, rounded to µs. */
export function summarise(times: number[]): Latency {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return { p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), iterations: times.length };
}

/**
 * Sends each request's statements with pg on one connection, one after the other, `iterations` times (people in
 * turn, after a short warm-up), and answers percentiles of the time per request (the sum of its statements).
 */
export async function rawSqlLatency(url: string, perPerson: Statement[][], iterations: number): Promise<Latency> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const times: number[] = [];
  try {
    for (let i = -Math.min(50, iterations); i < iterations; i += 1) {
      const statements = perPerson[Math.abs(i) % perPerson.length]!;
      const started = performance.now();
      for (const { text, params } of statements) await client.query(text, params);
      if (i >= 0) times.push(performance.now() - started);
    }
  } finally {
    await client.end();
  }
  return summarise(times);
}
