// `npm run institute -- --add --name <name> --host <host> [--host <host>…] [--coaching] [--time-zone <zone>]`:
// adds an institute reached at the given host names; `--add-host <host> --institute <host>` adds a host name to
// one; `--vimeo-downloads on|off --institute <host>` turns the institute's Vimeo download switch; `--list` lists
// institutes and their hosts. Everything else about an institute comes in through the admin API or the import.
import { normaliseHost } from '@campus/domain/shell/shell.contract';
import { addInstituteHosts, listInstituteHosts } from '../../access/institute-hosts.repository.ts';
import { insertInstitute, setVimeoDownloads } from './admin.repository.ts';
import { instituteOfHost, openCliDatabase } from './cli-database.ts';
import { CliError, parseCliArgs, type CliTool } from '../../lib/cli.ts';

const usage = `Usage:
  npm run institute -- --add --name "<name>" --host <host> [--host <host>…] [--coaching] [--time-zone Asia/Kolkata]
                       [--online-assignments] [--vimeo-downloads on|off]
  npm run institute -- --add-host <host> --institute <existing host>
  npm run institute -- --vimeo-downloads on|off --institute <existing host>
  npm run institute -- --list
`;

const hostTaken = (host: string) => new CliError(`The host ${host} already belongs to an institute`);

export const instituteTool: CliTool = async (io) => {
  const { values } = parseCliArgs(
    io,
    {
      options: {
        add: { type: 'boolean', default: false },
        name: { type: 'string' },
        host: { type: 'string', multiple: true },
        coaching: { type: 'boolean', default: false },
        // Homework/Assignments in the menu (the screen is refused by address while the menu hides it).
        'online-assignments': { type: 'boolean', default: false },
        // Students may download the institute's Vimeo videos (vimeo_video_downlodable); on unless turned off.
        'vimeo-downloads': { type: 'string' },
        'time-zone': { type: 'string', default: 'Asia/Kolkata' },
        'add-host': { type: 'string' },
        institute: { type: 'string' },
        list: { type: 'boolean', default: false },
      },
    },
    usage,
  );
  const database = await openCliDatabase(io.env);
  try {
    const { db } = database;
    if (values.list) {
      for (const row of await listInstituteHosts(db)) io.out(`${row.id}\t${row.name}\t${row.host ?? '(no host)'}\n`);
      return;
    }
    if (values['add-host'] && values.institute) {
      const instituteId = await instituteOfHost(database, values.institute);
      const host = normaliseHost(values['add-host']);
      if ((await addInstituteHosts(db, instituteId, [host])).length > 0) throw hostTaken(host);
      io.out(`${host} now reaches the institute at ${values.institute}.\n`);
      return;
    }
    const vimeoDownloads = values['vimeo-downloads'];
    if (vimeoDownloads !== undefined && vimeoDownloads !== 'on' && vimeoDownloads !== 'off') {
      throw new CliError(`--vimeo-downloads takes on or off, not ${vimeoDownloads}`);
    }
    if (vimeoDownloads && !values.add && values.institute) {
      const instituteId = await instituteOfHost(database, values.institute);
      await setVimeoDownloads(db, instituteId, vimeoDownloads === 'on');
      // Running servers read institute settings at most a minute old (access/institute-settings.ts).
      io.out(`Vimeo downloads are now ${vimeoDownloads} at ${values.institute} (within a minute).\n`);
      return;
    }
    if (!values.add || !values.name || !values.host?.length) {
      io.err(usage);
      return 2;
    }
    try {
      new Intl.DateTimeFormat('en', { timeZone: values['time-zone'] });
    } catch {
      throw new CliError(`Unknown time zone ${values['time-zone']} (use an IANA name such as Asia/Kolkata)`);
    }
    const hosts = values.host.map(normaliseHost);
    const name = values.name;
    await db.transaction(async (tx) => {
      const instituteId = await insertInstitute(tx, {
        name,
        isSchool: !values.coaching,
        timeZone: values['time-zone'],
        classesMode: 'OFFLINE',
        examMode: 'OFFLINE',
        materialMode: 'NONE',
        isOnlineAssignmentEnabled: values['online-assignments'],
        isVimeoDownloadable: vimeoDownloads !== 'off',
      });
      // A taken host undoes the institute with it (the transaction).
      const [taken] = await addInstituteHosts(tx, instituteId, hosts);
      if (taken !== undefined) throw hostTaken(taken);
    });
    io.out(
      `Added ${name} (${values.coaching ? 'coaching institute' : 'school'}) at ${hosts.join(', ')}. Next: npm run admin:key -- --institute ${hosts[0]} --name <name>\n`,
    );
  } finally {
    await database.close();
  }
};
