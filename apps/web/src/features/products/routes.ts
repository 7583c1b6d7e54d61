import { signedInPages } from '@campus/domain/shell/pages';
import { prefetching, type FeatureRoutes } from '../../lib/feature-routes.ts';

const productsData = prefetching(async (session, prefetch) => {
  const { myProductsQuery } = await import('./api/get-my-products.ts');
  prefetch(myProductsQuery(session));
});
const products = async () => ({ Component: (await import('./screens/products.tsx')).ProductsScreen });
const productDetail = async () => ({ Component: (await import('./screens/product-detail.tsx')).ProductDetailScreen });

/** My Products and one purchased product, both drawn from the list of purchases (spec part 1 §2). */
export const productsRoutes: FeatureRoutes = (queryClient) => [
  { path: signedInPages.product, loader: productsData(queryClient), lazy: products },
  { path: signedInPages.productDetail, loader: productsData(queryClient), lazy: productDetail },
];
