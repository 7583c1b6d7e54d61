import { formatInZone } from '@campus/domain/calendar/calendar';
import { homeContract } from '@campus/domain/home/home.contract';
import { maxBanners } from '@campus/domain/home/home-rules';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../access/define-route.ts';
import { fileUrl } from '../../lib/signed-urls.ts';
import { mimeForKey } from '../../lib/storage.ts';
import { sanitiseStaffHtml } from '../../lib/staff-html.ts';
import { findAnnouncements, findBanners } from './home.repository.ts';

/** Signed image and file addresses in the list live as long as a page is likely to stay open. */
const listUrlLifetimeMs = 60 * 60 * 1000;

/** Home: banners and the promo (marketing setting on), and the announcements addressed to the user. */
export async function homeRoutes(app: FastifyInstance) {
  defineRoute(app, homeContract.banners, async ({ scope }) => {
    const { instituteId, userType } = scope.session;
    if (!(await scope.settings()).isMarketingAndBanner) {
      return { statusCode: 200, message: 'success', result: { banner: [], prom: null } };
    }
    const [bannerRows, promoRows] = await Promise.all([
      findBanners(app.db, instituteId, 'banner', userType, maxBanners),
      findBanners(app.db, instituteId, 'promo', userType, 1),
    ]);
    return {
      statusCode: 200,
      message: 'success',
      result: {
        banner: bannerRows.map((row) => ({
          web_url: row.webUrl,
          is_redir: row.isRedirect,
          red_link: row.redirectLink,
          land_scr: row.landingScreen,
          alt_text: row.altText,
        })),
        prom: promoRows[0] ? { web_url: promoRows[0].webUrl } : null,
      },
    };
  });

  defineRoute(app, homeContract.announcements, async ({ scope }) => {
    const { instituteId, studentId } = scope.session;
    const [timeZone, batchIds] = await Promise.all([
      scope.timeZone(),
      studentId === null ? Promise.resolve([]) : scope.batchIds(),
    ]);
    const rows = await findAnnouncements(app.db, instituteId, batchIds);
    const expiresAt = app.now().getTime() + listUrlLifetimeMs;
    return {
      data: {
        result: rows.map((row) => {
          const announced = formatInZone(row.announcedAt, timeZone);
          const updated = formatInZone(row.updatedAt, timeZone);
          return {
            ancmnt_title: row.title,
            description: sanitiseStaffHtml(row.descriptionHtml),
            updated_by: row.updatedBy,
            updated_date: `${updated.date} ${updated.time}`,
            announced_date: announced.date,
            announced_time: announced.time,
            batch_sec_names: row.batchNames ?? 'All',
            announcement_img_url: row.imageFileKey
              ? fileUrl(app.signer, {
                  instituteId,
                  key: row.imageFileKey,
                  name: row.title,
                  type: mimeForKey(row.imageFileKey),
                  disposition: 'inline',
                  expiresAt,
                })
              : '',
            file_name: row.attachmentName ?? '',
            file_url: row.attachmentFileKey
              ? fileUrl(app.signer, {
                  instituteId,
                  key: row.attachmentFileKey,
                  name: row.attachmentName ?? 'attachment.pdf',
                  type: mimeForKey(row.attachmentFileKey),
                  disposition: 'attachment',
                  expiresAt,
                })
              : '',
          };
        }),
      },
    };
  });
}
