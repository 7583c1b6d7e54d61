// `npm run sso:link -- <login> [host]`: asks the running server, as the demo institute's own system would,
// for a one-time sign-in link, and prints it. The host picks the institute (default localhost = Greenfield).
import { demoApiKeys } from '../../db/seed/demo-accounts.ts';
import { parseCliArgs } from '../../lib/cli-args.ts';

const usage = `Usage:
  npm run sso:link -- <login> [host]   (e.g. 9000000001, or student@apex.test apex.localhost)
`;

const { positionals } = parseCliArgs({ options: {}, allowPositionals: true }, usage);
const [login, host = 'localhost'] = positionals;
if (!login || positionals.length > 2) {
  process.stderr.write(usage);
  process.exit(2);
}
const port = process.env.PORT ?? '8080';
const apiKey = host.startsWith('apex') ? demoApiKeys.apex : demoApiKeys.greenfield;

try {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/sso/link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey, host: `${host}:${port}` },
    body: JSON.stringify({ login }),
  });
  const answer = (await response.json()) as { link?: string; message?: string };
  if (!response.ok || !answer.link) {
    process.stderr.write(`${answer.message ?? `The server answered ${response.status}`}\n`);
    process.exit(1);
  }
  process.stdout.write(`${answer.link}\n(valid for 10 minutes, once)\n`);
} catch {
  process.stderr.write(`No server answers on port ${port}; start it first with npm start.\n`);
  process.exit(1);
}
