import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { announcementAudiences, announcements, banners, institutes } from '../../db/schema/index.ts';

export async function findInstituteFlags(db: Db, instituteId: number) {
  const [row] = await db
    .select({ isMarketingAndBanner: institutes.isMarketingAndBanner, timeZone: institutes.timeZone })
    .from(institutes)
    .where(eq(institutes.id, instituteId));
  return row;
}

/** Active banners or promos a user type may see, in display order. */
export function findBanners(db: Db, instituteId: number, kind: 'banner' | 'promo', userType: number, limit: number) {
  return db
    .select()
    .from(banners)
    .where(
      and(
        eq(banners.instituteId, instituteId),
        eq(banners.kind, kind),
        eq(banners.isActive, true),
        or(sql`cardinality(${banners.userTypes}) = 0`, sql`${userType} = any(${banners.userTypes})`),
      ),
    )
    .orderBy(asc(banners.sortOrder), asc(banners.id))
    .limit(limit);
}

export { findStudentBatchIds } from '../../db/enrolment-queries.ts';

/**
 * Active announcements addressed to any of `batchIds` or to everyone (no audience), newest first, each with
 * the names of the batches it was addressed to. One query: audiences are gathered per announcement in SQL.
 */
export function findAnnouncements(db: Db, instituteId: number, batchIds: number[], limit = 500) {
  const audience = db
    .select({ announcementId: announcementAudiences.announcementId })
    .from(announcementAudiences)
    .where(
      and(
        eq(announcementAudiences.instituteId, instituteId),
        batchIds.length > 0 ? inArray(announcementAudiences.batchId, batchIds) : sql`false`,
      ),
    );
  return db
    .select({
      id: announcements.id,
      title: announcements.title,
      descriptionHtml: announcements.descriptionHtml,
      updatedBy: announcements.updatedBy,
      announcedAt: announcements.announcedAt,
      updatedAt: announcements.updatedAt,
      imageFileKey: announcements.imageFileKey,
      attachmentFileKey: announcements.attachmentFileKey,
      attachmentName: announcements.attachmentName,
      // Written out in full: Drizzle leaves column names unqualified inside a selected sql fragment.
      batchNames: sql<string | null>`(
        select string_agg(s.name || ' - ' || b.name, ', ' order by s.name, b.name)
        from announcement_audiences aa
        join batches b on b.institute_id = aa.institute_id and b.id = aa.batch_id
        join standards s on s.institute_id = b.institute_id and s.id = b.standard_id
        where aa.institute_id = "announcements"."institute_id" and aa.announcement_id = "announcements"."id")`,
    })
    .from(announcements)
    .where(
      and(
        eq(announcements.instituteId, instituteId),
        eq(announcements.isActive, true),
        or(
          // Scoped to the institute by value, so the check reads this tenant's audiences only, by index.
          sql`not exists (select 1 from ${announcementAudiences} where ${announcementAudiences.instituteId} = ${instituteId} and ${announcementAudiences.announcementId} = ${announcements.id})`,
          inArray(announcements.id, audience),
        ),
      ),
    )
    .orderBy(desc(announcements.announcedAt), desc(announcements.id))
    .limit(limit);
}
