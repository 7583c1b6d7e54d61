// `npm run typecheck`: TypeScript 7 (the native compiler, package alias `typescript-7`) checks every project. It
// gives the answers of TypeScript 6 in about half the time (five projects: 50 s → 27 s on the 2-core machine,
// session 21); TypeScript 6 stays for what needs its compiler API (typescript-eslint, drizzle-kit). Called by path:
// both packages name their binary `tsc`, and which one npm links as `node_modules/.bin/tsc` is not fixed.
// `node scripts/typecheck.mjs [project…]` checks the given folders (default: all of them).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')), 'bin', 'tsc');
const projects = process.argv.slice(2);
const folders = projects.length
  ? projects.map((project) => resolve(project))
  : ['packages/domain', 'apps/api', 'apps/web', 'e2e', 'bench'].map((project) => join(root, project));

let failed = false;
for (const folder of folders) {
  const { status } = spawnSync(process.execPath, [tsc, '--noEmit', '-p', folder], { stdio: 'inherit' });
  if (status !== 0) {
    console.error(`typecheck failed in ${relative(root, folder) || '.'}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
