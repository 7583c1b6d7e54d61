import { productsPages } from '@campus/domain/products/products.page';
import { prefetching, screenRoute, type FeatureRoutes } from '../../lib/feature-routes.tsx';

const productsData = prefetching(async (session, prefetch) => {
  const { myProductsQuery } = await import('./api/get-my-products.ts');
  prefetch(myProductsQuery(session));
});
const products = async () => (await import('./screens/products.tsx')).ProductsScreen;
const productDetail = async () => (await import('./screens/product-detail.tsx')).ProductDetailScreen;

/** My Products and one purchased product, both drawn from the list of purchases (spec part 1 §2). */
export const routes: FeatureRoutes = [
  screenRoute(productsPages.product, products, { data: productsData }),
  screenRoute(productsPages.productDetail, productDetail, { data: productsData }),
];
