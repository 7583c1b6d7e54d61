import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { serverSettings } from './schema/settings.ts';

/** A shared server value: read it, or store `make()` the first time (the first process to start wins). */
export async function loadOrCreateSetting(db: Db, key: string, make: () => string): Promise<string> {
  await db.insert(serverSettings).values({ key, value: make() }).onConflictDoNothing();
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, key));
  return row!.value;
}
