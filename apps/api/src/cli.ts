// The command-line tools' entry: `node src/cli.ts <tool> [arguments]`, behind the npm scripts
// import, institute, admin:key, sso:link and storage:copy-to-s3 (src/cli-tools.ts).
import { runTool } from './cli-tools.ts';

const [name, ...args] = process.argv.slice(2);
const code = await runTool(name, {
  args,
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
process.exit(code);
