import { useSession } from '../../../lib/session.ts';
import { ProductsView } from '../components/products-view.tsx';

/** /product: My Products with its Active and Expired tabs. */
export function ProductsScreen() {
  const session = useSession();
  return session ? <ProductsView session={session} /> : null;
}
