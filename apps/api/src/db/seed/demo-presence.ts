// Whether a database holds the demo, asked at every start (db/open.ts); the seed itself (demo.ts, with faker and
// every area's demo rows) is loaded only when it runs.
import { count, inArray } from 'drizzle-orm';
import { hashToken } from '../../lib/tokens.ts';
import type { Db } from '../client.ts';
import { instituteApiKeys } from '../schema/auth.ts';
import { institutes } from '../schema/institutes.ts';
import { demoApiKeys } from './demo-accounts.ts';

/** True when the demo's institutes (found by their public SSO keys) are in the database. */
export async function hasDemoInstitutes(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ total: count() })
    .from(instituteApiKeys)
    .where(inArray(instituteApiKeys.keyHash, Object.values(demoApiKeys).map(hashToken)));
  return (row?.total ?? 0) > 0;
}

/** True when the database holds no institute yet. */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(institutes);
  return (row?.total ?? 0) === 0;
}
