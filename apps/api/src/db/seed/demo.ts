import { fakerEN_IN } from '@faker-js/faker';
import { dateInZone } from '@campus/domain/calendar/calendar';
import { hashPassword } from '../../lib/passwords.ts';
import type { Storage } from '../../lib/storage.ts';
import type { Db } from '../client.ts';
import { findAreaSeeds, seedsOf } from './area-seeds.ts';
import { demoPassword } from './demo-accounts.ts';
import { seedDemoInstitutes } from './institutes.ts';

/**
 * Writes the demo institutes, people and their year, then each area's content (`features/<area>/<area>.seed.ts`); dates are relative
 * to `now` (Asia/Kolkata), names come from a seeded generator, so two runs on the same day write the same rows.
 */
export async function seedDemo(
  db: Db,
  now: Date,
  storage: Storage,
  { areas }: { areas?: readonly string[] } = {},
): Promise<void> {
  const today = dateInZone(now, 'Asia/Kolkata');
  // `areas`: the demo institutes and people with only these areas' content (and what they build on), for tests.
  const areaSeeds = areas ? seedsOf(await findAreaSeeds(), areas) : await findAreaSeeds();
  const passwordHash = await hashPassword(demoPassword);
  fakerEN_IN.seed(20260401);
  await db.transaction(async (tx) => {
    const demoInstitutes = await seedDemoInstitutes(tx, today, passwordHash, fakerEN_IN);
    const context = { tx, now, today, storage, institutes: demoInstitutes };
    for (const area of areaSeeds) await area.seed(context);
  });
}
