import { type CustomerOrder, formatRupees, productShareText } from '@haat/contracts';
import { useHost } from '../../app/host.tsx';
import { paths } from '../../app/paths.ts';
import { WhatsAppShareLink } from '../../components/ui/whatsapp-share-link.tsx';

/** Share on WhatsApp from an order: each product once, with its name, price and address on this shop. */
export function OrderShare({ order, base }: { order: CustomerOrder; base: string }) {
  const host = useHost();
  const shop = host.store?.store_name ?? null;
  const text = order.product.items
    .filter((i, n, all) => all.findIndex((x) => x.product_id === i.product_id) === n)
    .map((i) =>
      productShareText({
        name: i.name,
        price: formatRupees(i.unit_price),
        url: `${window.location.origin}${paths.shop.product(base, i.product_id)}`,
        shop,
      }),
    )
    .join('\n\n');
  // The order facts' own link shares the order's tracking; this one the products themselves.
  return text ? <WhatsAppShareLink text={text} label="Share the products on WhatsApp" /> : null;
}
