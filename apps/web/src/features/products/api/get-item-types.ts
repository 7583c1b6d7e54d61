import { productsEndpoints } from '@campus/domain/products/products.endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** GET /prod/student-product/item-type-description/{id}: what the product holds and where to find it. */
export async function getItemTypes(productId: number, instituteId: number, signal?: AbortSignal) {
  const answer = await call(
    productsEndpoints.itemTypes,
    { params: { id: productId }, headers: { 'x-prod-inst-id': String(instituteId) } },
    { signal },
  );
  return answer.result;
}

export const itemTypesQuery = (productId: number, instituteId: number) =>
  queryOptions({
    queryKey: ['products', instituteId, 'item-types', productId],
    queryFn: ({ signal }) => getItemTypes(productId, instituteId, signal),
    // 404 means the product is not the user's: asking again changes nothing.
    retry: false,
  });

/** The Product Details of one product; asked for alongside the product list, not after it. */
export const useItemTypes = (productId: number, instituteId: number) =>
  useQuery({ ...itemTypesQuery(productId, instituteId), enabled: Number.isInteger(productId) && productId > 0 });
