import { fakerEN_IN } from '@faker-js/faker';
import { dateInZone } from '@campus/domain/calendar/calendar';
import { hashPassword } from '../../lib/passwords.ts';
import type { Storage } from '../../lib/storage.ts';
import type { Db } from '../client.ts';
import { demoAreas } from './areas/index.ts';
import { demoPassword } from './demo-accounts.ts';
import { seedDemoInstitutes } from './institutes.ts';

/**
 * Writes the demo institutes, people and their year, then each area's content (seed/areas); dates are relative
 * to `now` (Asia/Kolkata), names come from a seeded generator, so two runs on the same day write the same rows.
 */
export async function seedDemo(db: Db, now: Date, storage: Storage): Promise<void> {
  const today = dateInZone(now, 'Asia/Kolkata');
  const passwordHash = await hashPassword(demoPassword);
  fakerEN_IN.seed(20260401);
  await db.transaction(async (tx) => {
    const demoInstitutes = await seedDemoInstitutes(tx, today, passwordHash, fakerEN_IN);
    const context = { tx, now, today, storage, institutes: demoInstitutes };
    for (const area of demoAreas) await area.seed(context);
  });
}
