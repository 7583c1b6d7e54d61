import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import { p, prepared } from '../../db/prepared.ts';
import type { Db } from '../../db/client.ts';
import { announcementAudiences, announcements, banners } from '../../db/schema/home.ts';
import { institutes } from '../../db/schema/institutes.ts';

const bannersQuery = prepared((db) =>
  db
    .select({
      webUrl: banners.webUrl,
      isRedirect: banners.isRedirect,
      redirectLink: banners.redirectLink,
      landingScreen: banners.landingScreen,
      altText: banners.altText,
    })
    .from(banners)
    .where(
      and(
        eq(banners.instituteId, p('instituteId')),
        eq(banners.kind, p('kind')),
        eq(banners.isActive, true),
        or(sql`cardinality(${banners.userTypes}) = 0`, sql`${p('userType')}::int = any(${banners.userTypes})`),
      ),
    )
    .orderBy(asc(banners.sortOrder), asc(banners.id))
    .limit(p('limit'))
    .prepare('home_banners'),
);

const firstBannerQuery = prepared((db) =>
  db
    .select({ webUrl: banners.webUrl, altText: banners.altText })
    .from(banners)
    .innerJoin(institutes, eq(institutes.id, banners.instituteId))
    .where(
      and(
        eq(banners.instituteId, p('instituteId')),
        eq(banners.kind, 'banner'),
        eq(banners.isActive, true),
        eq(institutes.isMarketingAndBanner, true),
        or(sql`cardinality(${banners.userTypes}) = 0`, sql`${p('userType')}::int = any(${banners.userTypes})`),
      ),
    )
    .orderBy(asc(banners.sortOrder), asc(banners.id))
    .limit(1)
    .prepare('home_first_banner'),
);

/**
 * The banner home opens on for a user type, when the institute shows banners at all: the server puts it in the
 * dashboard's page (its largest element), so it paints before the app's code has loaded.
 */
export async function findFirstBanner(db: Db, instituteId: number, userType: number) {
  const [row] = await firstBannerQuery(db, { instituteId, userType });
  return row;
}

/** Active banners or promos a user type may see, in display order. */
export const findBanners = (db: Db, instituteId: number, kind: 'banner' | 'promo', userType: number, limit: number) =>
  bannersQuery(db, { instituteId, kind, userType, limit });

const announcementsQuery = prepared((db) =>
  db
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
        eq(announcements.instituteId, p('instituteId')),
        eq(announcements.isActive, true),
        or(
          // Scoped to the institute by value, so the checks read this tenant's audiences only, by index.
          sql`not exists (select 1 from ${announcementAudiences} where ${announcementAudiences.instituteId} = ${p('instituteId')} and ${announcementAudiences.announcementId} = ${announcements.id})`,
          sql`exists (select 1 from ${announcementAudiences} where ${announcementAudiences.instituteId} = ${p('instituteId')} and ${announcementAudiences.announcementId} = ${announcements.id} and ${announcementAudiences.batchId} = any(${p('batchIds')}))`,
        ),
      ),
    )
    .orderBy(desc(announcements.announcedAt), desc(announcements.id))
    .limit(p('limit'))
    .prepare('home_announcements'),
);

/**
 * Active announcements addressed to any of `batchIds` or to everyone (no audience), newest first, each with
 * the names of the batches it was addressed to. One query: audiences are gathered per announcement in SQL.
 */
export const findAnnouncements = (db: Db, instituteId: number, batchIds: number[], limit = 500) =>
  announcementsQuery(db, { instituteId, batchIds, limit });
