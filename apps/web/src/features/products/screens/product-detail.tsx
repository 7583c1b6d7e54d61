import { useParams } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { ProductDetailView } from '../components/product-detail-view.tsx';

/** /product/{id}: one purchased product. */
export function ProductDetailScreen() {
  const session = useSession();
  const { id } = useParams();
  return session ? <ProductDetailView session={session} productId={Number(id)} /> : null;
}
