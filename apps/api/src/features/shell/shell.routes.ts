import { normaliseHost, shellContract } from '@campus/domain/shell/shell.contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../access/define-route.ts';
import { AppError } from '../../errors.ts';
import { findBrandingByHost } from './shell.repository.ts';

/** Institute branding for the sign-in screen and favicon, found by the host the browser used. */
export async function shellRoutes(app: FastifyInstance) {
  defineRoute(app, shellContract.branding, async ({ query }) => {
    const branding = await findBrandingByHost(app.db, normaliseHost(query.virtualHostUrl));
    if (!branding) throw new AppError(404, 'NOT_FOUND', 'No institute is registered at this address');
    return { statusCode: 200, message: 'success', result: branding };
  });
}
