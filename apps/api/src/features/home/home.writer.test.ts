import { beforeAll, describe, expect, it } from 'vitest';
import type { TestInstitute } from '../../../test/factories/institutes.ts';
import { useInstituteDatabase } from '../../../test/institute-database.ts';
import { fixedNow } from '../../../test/helpers.ts';
import type { Db } from '../../db/client.ts';
import { createAnnouncements, findAnnouncements, hideAnnouncements, updateAnnouncement } from './home.writer.ts';

// The home writer's rules for notices, which the admin API, the demo and the factories all write through it.
describe('the home writer', () => {
  const opened = useInstituteDatabase();
  let db: Db;
  let school: TestInstitute;
  beforeAll(() => {
    ({ db, school } = opened);
  });

  const notice = { title: 'Sports Day', descriptionHtml: '<p>Sports</p>', updatedBy: 'Office', announcedAt: fixedNow };

  it('dates a notice updated when it was announced, and keeps each batch of its audience once, in order', async () => {
    const { currentYear, previousYear } = school;
    const [id] = await createAnnouncements(db, school.id, [
      { ...notice, batchIds: [currentYear.batchId, previousYear.batchId, currentYear.batchId] },
    ]);
    const stored = (await findAnnouncements(db, school.id, [id!])).get(id!)!;
    expect(stored.updatedAt).toEqual(fixedNow);
    expect(stored.batchIds).toEqual([currentYear.batchId, previousYear.batchId].sort((a, b) => a - b));
  });

  it('replaces the audience when a notice changes, and shows a hidden notice again when it is written', async () => {
    const [id] = await createAnnouncements(db, school.id, [{ ...notice, batchIds: [school.previousYear.batchId] }]);
    await hideAnnouncements(db, school.id, [id!]);
    expect((await findAnnouncements(db, school.id, [id!])).get(id!)!.isActive).toBe(false);
    await updateAnnouncement(db, school.id, id!, { ...notice, isActive: true, batchIds: [school.currentYear.batchId] });
    const stored = (await findAnnouncements(db, school.id, [id!])).get(id!)!;
    expect(stored.isActive).toBe(true);
    expect(stored.batchIds).toEqual([school.currentYear.batchId]);
  });
});
