import { envelopeSchema, logoQuerySchema, logoResultSchema, normaliseHost } from '@campus/domain/shell/shell.contract';
import { errorBodySchema } from '@campus/domain/shared/error.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { findBrandingByHost } from './shell.repository.ts';

/** Institute branding for the sign-in screen and favicon, found by the host the browser used. */
export const shellRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/institutes/getLogoAndFavIcon',
    {
      schema: {
        tags: ['shell'],
        querystring: logoQuerySchema,
        response: { 200: envelopeSchema(logoResultSchema), 404: errorBodySchema },
      },
    },
    async (request) => {
      const branding = await findBrandingByHost(app.db, normaliseHost(request.query.virtualHostUrl));
      if (!branding) throw new AppError(404, 'NOT_FOUND', 'No institute is registered at this address');
      return { statusCode: 200, message: 'success', result: branding };
    },
  );
};
