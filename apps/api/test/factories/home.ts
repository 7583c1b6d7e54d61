// Test rows of the home area (see ./institutes.ts for the conventions).
import type { Db } from '../../src/db/client.ts';
import type { Storage } from '../../src/lib/storage.ts';
import type { announcements, banners } from '../../src/db/schema/home.ts';
import * as homeWriter from '../../src/features/home/index.ts';
import { fixedNow } from '../template.ts';
import { nextNumber, type TestInstitute } from './institutes.ts';

/**
 * A notice, addressed to `batchIds` (none: everyone). `image` and `attachment` are stored in `storage` as files of
 * the given extension, so their signed addresses serve real bytes.
 */
export async function createAnnouncement(
  db: Db,
  institute: TestInstitute,
  {
    batchIds = [],
    announcedAt = fixedNow,
    storage,
    image,
    attachment,
    ...overrides
  }: Partial<Omit<typeof announcements.$inferInsert, 'instituteId'>> & {
    batchIds?: number[];
    storage?: Storage;
    image?: { bytes: string; extension: string };
    attachment?: { bytes: string; extension: string; name: string };
  } = {},
) {
  const stored = async (file?: { bytes: string; extension: string }) =>
    file && storage ? (await storage.putBuffer(file.bytes, file.extension)).key : null;
  const [announcementId] = await homeWriter.createAnnouncements(db, institute.id, [
    {
      title: `Notice ${nextNumber()}`,
      descriptionHtml: '<p>Notice</p>',
      updatedBy: 'Office',
      announcedAt,
      updatedAt: announcedAt,
      imageFileKey: await stored(image),
      attachmentFileKey: await stored(attachment),
      attachmentName: attachment?.name ?? null,
      ...overrides,
      batchIds,
    },
  ]);
  return announcementId!;
}

/** A home banner (or the promo pop-up), shown to every user type unless `userTypes` says otherwise. */
export async function createBanner(
  db: Db,
  institute: TestInstitute,
  overrides: Partial<Omit<typeof banners.$inferInsert, 'instituteId'>> = {},
) {
  const n = nextNumber();
  await homeWriter.createBanners(db, institute.id, [
    { kind: 'banner', webUrl: `/banners/${n}.svg`, sortOrder: n, ...overrides },
  ]);
}
