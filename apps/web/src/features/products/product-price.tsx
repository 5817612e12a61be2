import { formatINR } from '../../lib/format.ts';

/**
 * A price as shoppers read it: the sale price in front, the list price struck through, and the real
 * discount from the server (never a made-up figure) only when there is one.
 */
export function ProductPrice({
  price,
  salePrice,
  discountPercentage,
  maxPrice = null,
  from = false,
  size = 'md',
}: {
  price: number;
  salePrice: number | null;
  discountPercentage: number;
  /** The dearest variant's price, when sizes or packs make a range ("₹499 – ₹649"). */
  maxPrice?: number | null;
  /** The shop shows such a product's lowest price: "From ₹499". */
  from?: boolean;
  size?: 'md' | 'lg';
}) {
  const onSale = salePrice != null && salePrice < price;
  const main = size === 'lg' ? 'text-xl' : 'text-base';
  if (from) {
    return (
      <p className={`${main} font-bold text-slate-900`}>
        <span className="font-medium text-slate-600">From </span>
        {formatINR(onSale ? salePrice : price)}
      </p>
    );
  }
  if (maxPrice != null) {
    return (
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className={`${main} font-bold text-slate-900`}>
          {formatINR(onSale ? salePrice : price)} – {formatINR(maxPrice)}
        </span>
      </p>
    );
  }
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <span className={`${main} font-bold text-slate-900`}>
        {onSale ? <span className="sr-only">Price </span> : null}
        {formatINR(onSale ? salePrice : price)}
      </span>
      {onSale ? (
        <del className="text-sm text-slate-500">
          <span className="sr-only">Original price </span>
          {formatINR(price)}
        </del>
      ) : null}
      {onSale && discountPercentage > 0 ? (
        <span className="rounded bg-green-50 px-1.5 py-0.5 text-xs font-semibold text-green-700">
          {discountPercentage}% OFF
        </span>
      ) : null}
    </p>
  );
}
