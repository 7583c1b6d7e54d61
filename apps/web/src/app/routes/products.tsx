import { ProductsView } from '../../features/products/components/products-view.tsx';
import { useSession } from '../../lib/session.ts';

/** /product: My Products with its Active and Expired tabs. */
export function ProductsScreen() {
  const session = useSession();
  return session ? <ProductsView session={session} /> : null;
}
