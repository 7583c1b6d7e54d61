import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { p, prepared } from '../../db/prepared.ts';
import { instituteHosts, institutes } from '../../db/schema/institutes.ts';

const brandingQuery = prepared((db) =>
  db
    .select({
      instituteId: institutes.id,
      instituteName: institutes.name,
      logoPath: institutes.logoUrl,
      favIconPath: institutes.faviconUrl,
    })
    .from(instituteHosts)
    .innerJoin(institutes, eq(institutes.id, instituteHosts.instituteId))
    .where(eq(instituteHosts.host, p('host')))
    .limit(1)
    .prepare('shell_branding'),
);

/** The branding of the institute reached at `host`, or undefined when no institute uses that host. */
export async function findBrandingByHost(db: Db, host: string) {
  const [row] = await brandingQuery(db, { host });
  return row;
}
