import { openCourseUserType } from '@campus/domain/auth/auth.contract';
import { formatInZone } from '@campus/domain/calendar/calendar';
import {
  announcementQuerySchema,
  announcementsAnswerSchema,
  bannersAnswerSchema,
} from '@campus/domain/home/home.contract';
import { maxBanners } from '@campus/domain/home/home-rules';
import { errorBodySchema } from '@campus/domain/shared/error.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { mimeForKey } from '../../lib/storage.ts';
import { assertOwnInstitute, requireAuth } from '../../plugins/auth.ts';
import { findAnnouncements, findBanners, findInstituteFlags, findStudentBatchIds } from './home.repository.ts';
import { sanitiseStaffHtml } from '../../lib/staff-html.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
/** Signed image and file addresses in the list live as long as a page is likely to stay open. */
const listUrlLifetimeMs = 60 * 60 * 1000;

/** Home: banners and the promo (marketing setting on), and the announcements addressed to the user. */
export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/banner-prom/for_student/:userType',
    {
      schema: {
        tags: ['home'],
        params: z.object({ userType: z.coerce.number().int() }),
        response: { 200: bannersAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (request.params.userType !== auth.userType) throw new AppError(403, 'FORBIDDEN', 'Not your user type');
      const flags = await findInstituteFlags(app.db, auth.instituteId);
      if (!flags?.isMarketingAndBanner) {
        return { statusCode: 200, message: 'success', result: { banner: [], prom: null } };
      }
      const [bannerRows, promoRows] = await Promise.all([
        findBanners(app.db, auth.instituteId, 'banner', auth.userType, maxBanners),
        findBanners(app.db, auth.instituteId, 'promo', auth.userType, 1),
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
          })),
          prom: promoRows[0] ? { web_url: promoRows[0].webUrl } : null,
        },
      };
    },
  );

  app.get(
    '/api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/:instituteId',
    {
      schema: {
        tags: ['home'],
        params: z.object({ instituteId: z.coerce.number().int().positive() }),
        querystring: announcementQuerySchema,
        response: { 200: announcementsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      assertOwnInstitute(request, request.params.instituteId);
      const { student_id: studentId } = request.query;
      // Students and parents name the student they view; open-course users have none (spec part 1 §7).
      if (auth.userType === openCourseUserType ? studentId !== undefined : studentId !== auth.studentId) {
        throw new AppError(403, 'FORBIDDEN', 'You may only read your own announcements');
      }
      const [flags, batchIds] = await Promise.all([
        findInstituteFlags(app.db, auth.instituteId),
        auth.studentId === null
          ? Promise.resolve([])
          : findStudentBatchIds(app.db, auth.instituteId, auth.studentId, auth.academicYearId),
      ]);
      const rows = await findAnnouncements(app.db, auth.instituteId, batchIds);
      const timeZone = flags?.timeZone ?? 'Asia/Kolkata';
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
                ? `/api/v1/files/${app.signer.sign({ key: row.imageFileKey, name: row.title, type: mimeForKey(row.imageFileKey), disposition: 'inline', expiresAt })}`
                : '',
              file_name: row.attachmentName ?? '',
              file_url: row.attachmentFileKey
                ? `/api/v1/files/${app.signer.sign({ key: row.attachmentFileKey, name: row.attachmentName ?? 'attachment.pdf', type: mimeForKey(row.attachmentFileKey), disposition: 'attachment', expiresAt })}`
                : '',
            };
          }),
        },
      };
    },
  );
};
