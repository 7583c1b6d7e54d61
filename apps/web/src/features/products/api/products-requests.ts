import type { productsEndpoints } from '@campus/domain/products/products.endpoints';
import type { InputOf } from '../../../lib/api-client.ts';

// The purchases request, free of the query layer: the page's boot script sends it too (src/boot.ts).

/** The product service names the user and institute in headers. */
export const myProductsInput = (userId: number, instituteId: number): InputOf<typeof productsEndpoints.myProducts> => ({
  headers: { 'x-prod-user-id': String(userId), 'x-prod-inst-id': String(instituteId) },
});
