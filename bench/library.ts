// The study-material answer of the 5,000-file course (issue 28): its size raw and on the wire, what repeats in it,
// and the server's CPU per request and latency under load once the course's answer is kept.
//   node --import tsx bench/library.ts [--database-url postgres://…/db [--keep-data]]
//     [--institutes N --students-per-institute M] [--connections 20 --seconds 8]
// Without a database address: in-memory PGlite (about a minute), whose CPU then counts the database's work too.
// With one: the data is generated there (its schema is replaced) and the CPU is the API server's alone. The server
// runs in this process; autocannon loads it over HTTP from a child process (20 connections, 8 s, `Accept-Encoding:
// br, gzip` as a browser sends), so this process's CPU during the run is the server's. Beside it the academic-years
// call, the lightest route, for reference.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildApp } from '../apps/api/src/app.ts';
import { openPglite, openPostgres } from '../apps/api/src/db/client.ts';
import { localDiskStorage } from '../apps/api/src/lib/storage.ts';
import { ensureDatabase, generateInto } from './data.ts';
import { identities, requestHeaders, routes, type Route } from './routes.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    institutes: { type: 'string', default: '1' },
    'students-per-institute': { type: 'string', default: '20' },
    connections: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '8' },
    // Reuse the data a previous run generated at that address (a 100k generation takes minutes).
    'keep-data': { type: 'boolean', default: false },
  },
});
const url = values['database-url'];
if (url) await ensureDatabase(url);
const database = url ? await openPostgres(url, { poolSize: 10, queryTimeoutMs: 0 }) : await openPglite();
if (!(url && values['keep-data'])) {
  await generateInto(database, Number(values.institutes), Number(values['students-per-institute']));
}
const app = await buildApp({
  config: { LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' },
  database,
  storage: localDiskStorage(mkdtempSync(join(tmpdir(), 'bench-files-'))),
  rateLimits: { loginPerMinute: 1000 },
});
const people = await identities(database);
const person = people[0]!;
const material = routes.find((candidate) => candidate.name === 'study material')!;
const reference = routes.find((candidate) => candidate.name === 'academic years')!;
const browser = { 'accept-encoding': 'br, gzip' };

const ask = (route: Route, headers: Record<string, string> = {}) =>
  app.inject({
    method: route.method,
    url: route.path(person),
    headers: { ...requestHeaders(route, person), ...headers },
    ...(route.body ? { payload: route.body(person) as object } : {}),
  });

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const plain = await ask(material);
const raw = plain.rawPayload.toString('utf8');
const addresses = raw.match(/"file_url":"[^"]*"/g) ?? [];
// A leaf topic's empty list of subtopics is the tree's shape, not an empty field.
const empty = raw.replaceAll('"subtopicList":[]', '').match(/"[A-Za-z_]+":(""|\[\])/g) ?? [];
console.log(`\nstudy material of the 5,000-file course: ${kb(raw.length)} raw, ${addresses.length} file addresses`);
console.log(`empty fields: ${empty.length}; set-cookie: ${plain.headers['set-cookie'] ? 'yes' : 'no'}`);
for (const encoding of ['br, gzip', 'gzip']) {
  const answer = await ask(material, { 'accept-encoding': encoding });
  const sent = answer.headers['content-encoding'];
  const decoded = sent === 'br' ? brotliDecompressSync(answer.rawPayload) : gunzipSync(answer.rawPayload);
  console.log(
    `Accept-Encoding ${encoding}: ${kb(answer.rawPayload.length)} ${sent} on the wire, ${decoded.equals(plain.rawPayload) ? 'identical' : 'DIFFERENT'} once decoded`,
  );
}

const address = await app.listen({ port: 0, host: '127.0.0.1' });

/** autocannon in a child process against `route`; this process's CPU over the run ÷ the requests answered. */
async function loadRoute(route: Route) {
  const args = ['-c', values.connections!, '-d', values.seconds!, '-j', '-m', route.method];
  for (const [name, value] of Object.entries({ ...requestHeaders(route, person), ...browser })) {
    args.push('-H', `${name}=${value}`);
  }
  if (route.body) args.push('-b', JSON.stringify(route.body(person)));
  args.push(`${address}${route.path(person)}`);
  const before = process.cpuUsage();
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn('npx', ['autocannon', ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('exit', () => resolve(text));
  });
  const used = process.cpuUsage(before);
  const result = JSON.parse(output) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  };
  const cpuMs = (used.user + used.system) / 1000 / Math.max(1, result.requests.total);
  return `| ${route.name} | ${Math.round(result.requests.average)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${cpuMs.toFixed(2)} ms | ${result.errors + result.non2xx} |`;
}

console.log(
  `\n| route (${values.connections} connections, ${values.seconds} s) | req/s | p50 | p99 | server CPU per request | failed |`,
);
console.log('| --- | --- | --- | --- | --- | --- |');
console.log(await loadRoute(material));
console.log(await loadRoute(reference));
await app.close();
