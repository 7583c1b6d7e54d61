// `npm start`: builds the web app when no build exists yet, then runs the server (PGlite in ./data by default).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync('apps/web/dist/index.html')) run('npm', ['run', 'build', '--silent']);
// exec-like: the server gets the signals directly through the same process group.
run(process.execPath, ['apps/api/src/server.ts']);
