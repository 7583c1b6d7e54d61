import { dateInZone } from '@campus/domain/calendar/calendar';
import { productsContract } from '@campus/domain/products/products.contract';
import { stripTags } from '@campus/domain/products/products';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../access/define-route.ts';
import { AppError } from '../../errors.ts';
import { findItemTypesOfPurchase, findPurchasedProducts } from './products.repository.ts';

const isVideoFile = (url: string) => /\.(mp4|webm|ogg)(\?|$)/i.test(url);

/** The product service: its headers name the user and institute, and the policies check they are the session's. */
export async function productsRoutes(app: FastifyInstance) {
  defineRoute(app, productsContract.myProducts, async ({ scope }) => {
    const { instituteId, userId } = scope.session;
    const [rows, settings] = await Promise.all([findPurchasedProducts(app.db, instituteId, userId), scope.settings()]);
    const today = dateInZone(app.now(), settings.timeZone);
    return {
      statusCode: 200,
      message: 'success',
      result: rows.map(({ product, purchase }) => ({
        id: product.id,
        title: product.title,
        about: stripTags(product.aboutHtml),
        photo_url: product.photoUrl,
        logo_url: product.logoUrl,
        price: product.pricePaise,
        currency_code: product.currencyCode || settings.currencyCode,
        category: product.category,
        product_ecourse_maps: product.courseType ? [{ course_type: product.courseType }] : [],
        public_order_id: purchase.publicOrderId,
        is_enrolled: 1,
        enrolled_date: purchase.enrolledOn,
        expire_on: purchase.expiresOn,
        expired: purchase.expiresOn < today ? 1 : 0,
        youtube_url: JSON.stringify(product.sampleVideoUrls.filter((url) => !isVideoFile(url))),
        video_url: product.sampleVideoUrls.find(isVideoFile) ?? '',
      })),
    };
  });

  // The product policy has checked the user bought it.
  defineRoute(app, productsContract.itemTypes, async ({ scope, params }) => {
    const rows = await findItemTypesOfPurchase(app.db, scope.session.instituteId, params.id);
    if (rows.length === 0) throw new AppError(404, 'NOT_FOUND', 'No Products Available');
    return {
      statusCode: 200,
      message: 'success',
      result: rows.map((row) => ({ item_type: row.itemType, description: row.description })),
    };
  });
}
