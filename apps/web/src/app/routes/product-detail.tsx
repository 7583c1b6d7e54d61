import { useParams } from 'react-router';
import { ProductDetailView } from '../../features/products/components/product-detail-view.tsx';
import { useSession } from '../../lib/session.ts';

/** /product/{id}: one purchased product. */
export function ProductDetailScreen() {
  const session = useSession();
  const { id } = useParams();
  return session ? <ProductDetailView session={session} productId={Number(id)} /> : null;
}
