// Test rows of the alerts area (see ./institutes.ts for the conventions). Alerts are produced by set-based
// statements (features/alerts/alerts.repository.ts); a test that needs one alert of its own writes it here.
import type { Db } from '../../src/db/client.ts';
import { alerts } from '../../src/db/schema/alerts.ts';
import { fixedNow } from '../template.ts';
import { nextNumber, type TestInstitute } from './institutes.ts';

/** An unread absence alert to `userId` about `studentId` (a day of its own unless told). */
export async function createAlert(
  db: Db,
  institute: Pick<TestInstitute, 'id'>,
  values: { userId: number; studentId: number } & Partial<typeof alerts.$inferInsert>,
) {
  const [row] = await db
    .insert(alerts)
    .values({
      instituteId: institute.id,
      kind: 'absence',
      eventKey: `test-${nextNumber()}`,
      data: { child: 'Test child', classes: ['Maths'], date: '2026-11-21' },
      createdAt: fixedNow,
      ...values,
    })
    .returning({ id: alerts.id });
  return row!.id;
}
