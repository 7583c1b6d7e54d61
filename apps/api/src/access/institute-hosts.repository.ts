// The host names institutes answer at: the tenant of a request (plugins/auth.ts) and the operator's tools
// (features/admin/institute.cli.ts) read and write them here, and nowhere else.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { p, prepared } from '../db/prepared.ts';
import { instituteHosts, institutes } from '../db/schema/institutes.ts';

const hostQuery = prepared((db) =>
  db
    .select({ instituteId: instituteHosts.instituteId })
    .from(instituteHosts)
    .where(eq(instituteHosts.host, p('host')))
    .prepare('access_host'),
);

/** The institute that answers at `host`. */
export async function findInstituteIdByHost(db: Db, host: string): Promise<number | undefined> {
  const [row] = await hostQuery(db, { host });
  return row?.instituteId;
}

/** Every institute with each of its host names (one row per host; a host-less institute once, host null). */
export async function listInstituteHosts(db: Db): Promise<{ id: number; name: string; host: string | null }[]> {
  return db
    .select({ id: institutes.id, name: institutes.name, host: instituteHosts.host })
    .from(institutes)
    .leftJoin(instituteHosts, eq(instituteHosts.instituteId, institutes.id))
    .orderBy(institutes.id, instituteHosts.host);
}

/**
 * Adds host names to the institute; answers those it could not add, as an institute answers at them already. One
 * statement that skips a taken host rather than a check before the insert: of two operators adding one host at
 * once, the database's key lets exactly one have it, and the other is told.
 */
export async function addInstituteHosts(db: Db, instituteId: number, hosts: readonly string[]): Promise<string[]> {
  const added = await db
    .insert(instituteHosts)
    .values([...new Set(hosts)].map((host) => ({ host, instituteId })))
    .onConflictDoNothing()
    .returning({ host: instituteHosts.host });
  const addedHosts = new Set(added.map((row) => row.host));
  return hosts.filter((host) => !addedHosts.has(host));
}
