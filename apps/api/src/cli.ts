// The command-line tools' entry: `node src/cli.ts <tool> [arguments]`, behind the npm scripts
// import, institute, admin:key, sso:link and storage:copy-to-s3 (src/cli-tools.ts).
// The module loader's shortcut first (module-hooks.ts), then the tools: a static import would be resolved before it.
import { registerModuleHooks } from './module-hooks.ts';

registerModuleHooks();
const { runTool } = await import('./cli-tools.ts');
const [name, ...args] = process.argv.slice(2);
const code = await runTool(name, {
  args,
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
process.exit(code);
