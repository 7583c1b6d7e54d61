// The home area's writer (issue 29): the one module that creates and changes notices (announcements and their
// audience) and banners, for the admin API, the demo seed and the test factories, in the caller's transaction.
// Notices' HTML is stored as given: the admin API sanitises what staff send, and every screen sanitises again.
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { StoredFileRef } from '../../lib/storage.ts';
import { anyOf } from '../../db/bulk.ts';
import { announcementAudiences, announcements, banners } from '../../db/schema/home.ts';

/** A notice as written: its columns, and the batches it is for (none: everyone). */
export type AnnouncementValues = Omit<typeof announcements.$inferInsert, 'instituteId' | 'id' | 'updatedAt'> & {
  /** When it was last changed; its announcement time unless given. */
  updatedAt?: Date;
  batchIds?: readonly number[];
};

/** A notice as stored: every column, and its audience sorted. */
export type StoredAnnouncement = typeof announcements.$inferSelect & { batchIds: number[] };

/** A notice's audience as stored: each batch once, in id order. */
export const noticeAudience = (batchIds: readonly number[] = []) => [...new Set(batchIds)].sort((a, b) => a - b);

/** The columns of a notice (its audience aside), with its rules: updated when announced unless told otherwise. */
const announcementColumns = ({ batchIds: _batchIds, ...values }: AnnouncementValues) => ({
  ...values,
  updatedAt: values.updatedAt ?? values.announcedAt,
});

async function saveAudience(db: Db, instituteId: number, announcementId: number, batchIds: readonly number[]) {
  if (batchIds.length === 0) return;
  await db
    .insert(announcementAudiences)
    .values(noticeAudience(batchIds).map((batchId) => ({ instituteId, announcementId, batchId })));
}

/** Notices by id, with their audiences. */
export async function findAnnouncements(
  db: Db,
  instituteId: number,
  ids: readonly number[],
): Promise<Map<number, StoredAnnouncement>> {
  const found = new Map<number, StoredAnnouncement>();
  if (ids.length === 0) return found;
  const rows = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.instituteId, instituteId), anyOf(announcements.id, ids)));
  for (const row of rows) found.set(row.id, { ...row, batchIds: [] });
  const audiences = await db
    .select({ id: announcementAudiences.announcementId, batchId: announcementAudiences.batchId })
    .from(announcementAudiences)
    .where(and(eq(announcementAudiences.instituteId, instituteId), anyOf(announcementAudiences.announcementId, ids)));
  for (const row of audiences) found.get(row.id)?.batchIds.push(row.batchId);
  for (const notice of found.values()) notice.batchIds.sort((a, b) => a - b);
  return found;
}

/** Creates notices with their audiences; answers their ids in the order given. */
export async function createAnnouncements(
  db: Db,
  instituteId: number,
  notices: readonly AnnouncementValues[],
): Promise<number[]> {
  if (notices.length === 0) return [];
  const rows = await db
    .insert(announcements)
    .values(notices.map((notice) => ({ instituteId, ...announcementColumns(notice) })))
    .returning({ id: announcements.id });
  // PostgreSQL returns the rows of a multi-row VALUES insert in the order given.
  const ids = rows.map((row) => row.id);
  for (const [position, notice] of notices.entries()) {
    await saveAudience(db, instituteId, ids[position]!, notice.batchIds ?? []);
  }
  return ids;
}

/** Changes a notice; its audience is replaced by the one given. */
export async function updateAnnouncement(
  db: Db,
  instituteId: number,
  id: number,
  notice: AnnouncementValues,
): Promise<void> {
  await db
    .update(announcements)
    .set(announcementColumns(notice))
    .where(and(eq(announcements.instituteId, instituteId), eq(announcements.id, id)));
  await db
    .delete(announcementAudiences)
    .where(and(eq(announcementAudiences.instituteId, instituteId), eq(announcementAudiences.announcementId, id)));
  await saveAudience(db, instituteId, id, notice.batchIds ?? []);
}

/** Takes notices off the notice board; they keep their rows, and writing them again shows them. */
export async function hideAnnouncements(db: Db, instituteId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(announcements)
    .set({ isActive: false })
    .where(and(eq(announcements.instituteId, instituteId), anyOf(announcements.id, ids)));
}

/** A home banner or the promo pop-up. */
export type BannerValues = Omit<typeof banners.$inferInsert, 'instituteId' | 'id'>;

/** Creates banners; answers their ids in the order given. */
export async function createBanners(db: Db, instituteId: number, values: readonly BannerValues[]): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await db
    .insert(banners)
    .values(values.map((banner) => ({ instituteId, ...banner })))
    .returning({ id: banners.id });
  return rows.map((row) => row.id);
}

/** Points announcements that show the stored object `from` (attachment or image) at `to`; answers how many moved. */
export async function moveStoredFile(db: Db, instituteId: number, from: string, to: StoredFileRef): Promise<number> {
  const attachments = await db
    .update(announcements)
    .set({ attachmentFileKey: to.fileKey, attachmentName: to.fileName })
    .where(and(eq(announcements.instituteId, instituteId), eq(announcements.attachmentFileKey, from)))
    .returning({ id: announcements.id });
  const images = await db
    .update(announcements)
    .set({ imageFileKey: to.fileKey })
    .where(and(eq(announcements.instituteId, instituteId), eq(announcements.imageFileKey, from)))
    .returning({ id: announcements.id });
  return attachments.length + images.length;
}

/** Which of `keys` an announcement shows, in words. */
export async function findStoredFileUses(
  db: Db,
  instituteId: number,
  keys: readonly string[],
): Promise<Map<string, string>> {
  const rows = await db
    .select({ attachment: announcements.attachmentFileKey, image: announcements.imageFileKey })
    .from(announcements)
    .where(
      and(
        eq(announcements.instituteId, instituteId),
        or(anyOf(announcements.attachmentFileKey, keys), anyOf(announcements.imageFileKey, keys)),
      ),
    );
  const wanted = new Set(keys);
  const used = new Map<string, string>();
  for (const row of rows) {
    for (const key of [row.attachment, row.image]) if (key && wanted.has(key)) used.set(key, 'an announcement');
  }
  return used;
}
