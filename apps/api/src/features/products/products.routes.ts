import { dateInZone } from '@campus/domain/calendar/calendar';
import {
  itemTypeDescriptionAnswerSchema,
  myProductsAnswerSchema,
  productHeadersSchema,
} from '@campus/domain/products/products.contract';
import { stripTags } from '@campus/domain/products/products';
import { errorBodySchema } from '@campus/domain/shared/error.contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { findItemTypesOfPurchase, findPurchasedProducts } from './products.repository.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** The product service trusts nothing in its headers: they must name the session's own user and institute. */
function checkProductHeaders(request: FastifyRequest, headers: { userId?: number; instituteId: number }) {
  const auth = requireAuth(request);
  if (headers.instituteId !== auth.instituteId || (headers.userId !== undefined && headers.userId !== auth.userId)) {
    throw new AppError(403, 'FORBIDDEN', 'You may only see your own products');
  }
  return auth;
}

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/prod/student-product/my-products',
    {
      schema: {
        tags: ['products'],
        headers: productHeadersSchema,
        response: { 200: myProductsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = checkProductHeaders(request, {
        userId: request.headers['x-prod-user-id'],
        instituteId: request.headers['x-prod-inst-id'],
      });
      const rows = await findPurchasedProducts(app.db, auth.instituteId, auth.userId);
      const today = dateInZone(app.now(), rows[0]?.timeZone ?? 'Asia/Kolkata');
      return {
        statusCode: 200,
        message: 'success',
        result: rows.map(({ product, purchase, currencyCode }) => ({
          id: product.id,
          title: product.title,
          about: stripTags(product.aboutHtml),
          photo_url: product.photoUrl,
          logo_url: product.logoUrl,
          price: product.pricePaise,
          currency_code: product.currencyCode || currencyCode,
          category: product.category,
          product_ecourse_maps: product.courseType ? [{ course_type: product.courseType }] : [],
          public_order_id: purchase.publicOrderId,
          is_enrolled: 1,
          enrolled_date: purchase.enrolledOn,
          expire_on: purchase.expiresOn,
          expired: purchase.expiresOn < today ? 1 : 0,
          youtube_url: JSON.stringify(product.sampleVideoUrls.filter((url) => !/\.(mp4|webm|ogg)(\?|$)/i.test(url))),
          video_url: product.sampleVideoUrls.find((url) => /\.(mp4|webm|ogg)(\?|$)/i.test(url)) ?? '',
        })),
      };
    },
  );

  app.get(
    '/prod/student-product/item-type-description/:id',
    {
      schema: {
        tags: ['products'],
        params: z.object({ id: z.coerce.number().int().positive() }),
        headers: productHeadersSchema.pick({ 'x-prod-inst-id': true }),
        response: { 200: itemTypeDescriptionAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = checkProductHeaders(request, { instituteId: request.headers['x-prod-inst-id'] });
      const rows = await findItemTypesOfPurchase(app.db, auth.instituteId, auth.userId, request.params.id);
      if (rows.length === 0) throw new AppError(404, 'NOT_FOUND', 'No Products Available');
      return {
        statusCode: 200,
        message: 'success',
        result: rows.map((row) => ({ item_type: row.itemType, description: row.description })),
      };
    },
  );
};
