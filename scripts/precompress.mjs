// Writes .br and .gz beside every compressible file of a build, so the server sends them without compressing
// per request (@fastify/static preCompressed). Tiny chunks too: a few bytes more at most, and every script then
// arrives the same way (the shell E2E holds every script to brotli).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? 'dist';
const compressible = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

let count = 0;
for (const path of walk(root)) {
  if (!compressible.test(path)) continue;
  const source = readFileSync(path);
  writeFileSync(`${path}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
  count += 1;
}
console.log(`precompressed ${count} files in ${root}`);
