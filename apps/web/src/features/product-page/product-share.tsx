import type { ProductDetail, ShopperVariant } from '@haat/contracts';
import { productShareText } from '@haat/contracts/share';
import { useHost } from '../../app/host.tsx';
import { usePageStart } from '../../app/initial-data.ts';
import { paths } from '../../app/paths.ts';
import { WhatsAppShareLink } from '../../components/ui/whatsapp-share-link.tsx';
import { formatAmount } from '../../lib/format.ts';
import { useHydrating } from '../../lib/use-hydrating.ts';

/** What the product costs now: the chosen variant's price, or the product's sale or list price. */
const priceNow = (p: ProductDetail, variant: ShopperVariant | undefined) =>
  p.options.length && variant ? variant.price_now : (p.discount_price ?? p.product_price);

/** Share on WhatsApp: the product's name, price and its address on this shop (with the chosen variant). */
export function ProductShare({
  product,
  variant,
  base,
}: {
  product: ProductDetail;
  variant: ShopperVariant | undefined;
  base: string;
}) {
  const host = useHost();
  // The page's own address: the server's idea of it while rendered there and hydrated, then the browser's.
  const start = usePageStart();
  const origin = useHydrating() ? start.origin : window.location.origin;
  const path = paths.shop.product(base, product.id);
  const query = product.options.length && variant ? `?variant=${encodeURIComponent(variant.id)}` : '';
  const name =
    product.options.length && variant?.label
      ? `${product.product_name} (${variant.label})`
      : product.product_name;
  const text = productShareText({
    name,
    price: formatAmount(priceNow(product, variant)),
    url: `${origin}${path}${query}`,
    shop: host.store?.store_name ?? null,
  });
  return <WhatsAppShareLink text={text} className="self-start" />;
}
