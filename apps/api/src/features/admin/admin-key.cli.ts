// `npm run admin:key -- --institute <host> --name <name>`: creates an admin API key for the institute at <host>
// and prints it once (only its SHA-256 is stored). `--revoke` revokes the named key; `--list` lists the keys.
import { hasAdminKeyNamed, insertAdminKey, listAdminKeys, revokeAdminKey } from './admin.repository.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { instituteOfHost, openCliDatabase } from './cli-database.ts';
import { CliError, parseCliArgs, type CliTool } from '../../lib/cli.ts';

const usage = `Usage:
  npm run admin:key -- --institute <host> --name <name>            create a key and print it once
  npm run admin:key -- --institute <host> --name <name> --revoke   revoke it
  npm run admin:key -- --institute <host> --list                   list the keys (names, last use)
`;

export const adminKeyTool: CliTool = async (io) => {
  const { values } = parseCliArgs(
    io,
    {
      options: {
        institute: { type: 'string' },
        name: { type: 'string' },
        revoke: { type: 'boolean', default: false },
        list: { type: 'boolean', default: false },
      },
    },
    usage,
  );
  if (!values.institute || (!values.name && !values.list)) {
    io.err(usage);
    return 2;
  }
  const database = await openCliDatabase(io.env);
  try {
    const instituteId = await instituteOfHost(database, values.institute);
    const { db } = database;
    if (values.list) {
      for (const key of await listAdminKeys(db, instituteId)) {
        const state = key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : 'active';
        const used = key.lastUsedAt ? `last used ${key.lastUsedAt.toISOString()}` : 'never used';
        io.out(`${key.name}\t${state}\tcreated ${key.createdAt.toISOString()}\t${used}\n`);
      }
      return;
    }
    const name = values.name!;
    if (values.revoke) {
      const revoked = await revokeAdminKey(db, instituteId, name, new Date());
      if (!revoked) throw new CliError(`No active key named ${name} at ${values.institute}`);
      io.out(`Revoked the key ${name}: calls with it are refused from now on.\n`);
      return;
    }
    if (await hasAdminKeyNamed(db, instituteId, name))
      throw new CliError(`A key named ${name} exists already at ${values.institute}; choose another name`);
    const key = `cpa_${newToken()}`;
    await insertAdminKey(db, instituteId, name, hashToken(key));
    io.out(
      `${key}\nThe admin API key ${name} for ${values.institute}. It is shown only now: store it in your system's secrets.\n`,
    );
  } finally {
    await database.close();
  }
};
