// `npm run sso:link -- <login> [host]`: asks the running server, as the demo institute's own system would,
// for a one-time sign-in link, and prints it. The host picks the institute (default localhost = Greenfield).
import { demoApiKeys } from '../../db/seed/demo-accounts.ts';
import { parseCliArgs, type CliTool } from '../../lib/cli.ts';

const usage = `Usage:
  npm run sso:link -- <login> [host]   (e.g. 9000000001, or student@apex.test apex.localhost)
`;

export const ssoLinkTool: CliTool = async (io) => {
  const { positionals } = parseCliArgs(io, { options: {}, allowPositionals: true }, usage);
  const [login, host = 'localhost'] = positionals;
  if (!login || positionals.length > 2) {
    io.err(usage);
    return 2;
  }
  const port = io.env.PORT ?? '8080';
  const apiKey = host.startsWith('apex') ? demoApiKeys.apex : demoApiKeys.greenfield;
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/sso/link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey, host: `${host}:${port}` },
      body: JSON.stringify({ login }),
    });
    const answer = (await response.json()) as { link?: string; message?: string };
    if (!response.ok || !answer.link) {
      io.err(`${answer.message ?? `The server answered ${response.status}`}\n`);
      return 1;
    }
    io.out(`${answer.link}\n(valid for 10 minutes, once)\n`);
  } catch {
    io.err(`No server answers on port ${port}; start it first with npm start.\n`);
    return 1;
  }
};
