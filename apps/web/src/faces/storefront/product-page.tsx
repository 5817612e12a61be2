import { ProductDetailPage } from '../../features/product-page/product-detail-page.tsx';
import { useParams } from '../../lib/router.tsx';

/** /product/{id} on a shop. */
export function ProductPage({ slug, base }: { slug: string; base: string }) {
  const { id = '' } = useParams();
  return <ProductDetailPage key={id} slug={slug} base={base} id={id} />;
}
