import { productsEndpoints } from '@campus/domain/products/products.endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';
import { myProductsInput } from './products-requests.ts';

/** GET /prod/student-product/my-products: the product service names the user and institute in headers. */
export async function getMyProducts(userId: number, instituteId: number, signal?: AbortSignal) {
  const answer = await call(productsEndpoints.myProducts, myProductsInput(userId, instituteId), { signal });
  return answer.result;
}

export const myProductsQuery = (session: StoredSession) =>
  queryOptions({
    queryKey: ['products', session.institute_id, session.user_id],
    queryFn: ({ signal }) => getMyProducts(session.user_id, session.institute_id, signal),
    // Purchases change rarely: going from the list to a product and back reuses the answer.
    staleTime: 5 * 60 * 1000,
  });

/** The signed-in user's purchased products; the list and each detail page read the same answer. */
export const useMyProducts = (session: StoredSession) => useQuery(myProductsQuery(session));
