import type { ProductDetail, ShopperVariant } from '@haat/contracts';
import { discountPercent } from '@haat/contracts/money';
import { Minus, Plus, ShoppingCart, Star } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { toast } from '../../lib/toast.ts';
import { useAddToCart, useCartOwner } from '../cart/index.ts';
import { LazyWishlistHeart, ProductPrice } from '../products/index.ts';
import { hasPendingAdd, keepPendingAdd } from './keep-pending-add.ts';
import { VariantPicker } from './variant-picker.tsx';

const STOCK: Record<ProductDetail['stock_status'], [string, (qty: number) => string]> = {
  IN_STOCK: ['bg-green-50 text-green-800', () => 'In Stock'],
  LOW_STOCK: ['bg-amber-50 text-amber-800', (qty) => `Only ${qty} left`],
  OUT_OF_STOCK: ['bg-red-50 text-red-800', () => 'Out of Stock'],
};

const HELD: [string, () => string] = [
  'bg-amber-50 text-amber-800',
  () => 'Held by another shopper at checkout. Try again in a few minutes',
];

// "Notify me when it's back" loads only on a page whose product or chosen option is out of stock.
const StockAlert = lazy(() => import('./stock-alert.tsx'));

const stepClass =
  'flex size-10 items-center justify-center text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-40';

/** The price shoppers see for the chosen variant: its own price and what it costs now. */
function variantPrice(product: ProductDetail, variant: ShopperVariant | undefined) {
  if (!product.options.length || !variant) {
    return { price: product.product_price, sale: product.discount_price, off: product.discount_percentage };
  }
  const sale = variant.price_now < variant.price ? variant.price_now : null;
  return { price: variant.price, sale, off: discountPercent(variant.price, sale) };
}

/**
 * Name, rating, price, the option pickers, stock, quantity and the Add to Cart button of a product page; price,
 * stock and SKU follow the chosen variant.
 */
export function BuyBox({
  product,
  variant,
  onPick,
}: {
  product: ProductDetail;
  variant?: ShopperVariant;
  onPick?: (index: number, value: string) => void;
}) {
  const { slug, isCustomer, customerNow } = useCartOwner();
  const { status } = useSession();
  const add = useAddToCart();
  const [busy, setBusy] = useState(false);
  const sized = product.options.length > 0;
  const stock = Math.max(0, sized ? (variant?.quantity ?? 0) : product.product_quantity);
  const stockStatus = sized ? (variant?.stock_status ?? 'OUT_OF_STOCK') : product.stock_status;
  const out = stockStatus === 'OUT_OF_STOCK' || stock === 0;
  // All of it held by shoppers at checkout (decision 0030): not sold out, and back if their holds end.
  const held = out && (sized ? (variant?.held ?? 0) : product.held_quantity) > 0;
  const variantId = sized ? variant?.id : undefined;
  const shown = variantPrice(product, variant);
  const [qty, setQty] = useState(1);
  const clamp = (n: number) => Math.min(Math.max(1, Math.floor(n) || 1), Math.max(1, stock));
  const set = (n: number) => setQty(clamp(n));
  const [tone, label] = held ? HELD : STOCK[out ? 'OUT_OF_STOCK' : stockStatus];
  // Another size may have less stock: the quantity never asks for more than the chosen one has.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-clamps when the chosen variant changes
  useEffect(() => setQty((q) => Math.min(Math.max(1, q), Math.max(1, stock))), [variantId, stock]);

  // Signed out, this asks the customer to sign in and brings them back to this product, where the
  // effect below finishes the add.
  const addToCart = async () => {
    if (!customerNow && slug) keepPendingAdd({ slug, productId: product.id, variantId, quantity: qty });
    setBusy(true);
    await add(product.id, qty, variantId);
    setBusy(false);
  };

  // Back from signing in: add what the shopper chose before they were asked to sign in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the shopper becomes a customer here
  useEffect(() => {
    if (!isCustomer || !slug || !hasPendingAdd()) return;
    let gone = false;
    void import('./pending-add.ts').then(({ takePendingAdd }) => {
      const pending = gone ? null : takePendingAdd(slug, product.id);
      if (pending === null) return;
      if (out) {
        toast.warning('Out of Stock', {
          description: `${product.product_name} sold out while you were signing in.`,
        });
        return;
      }
      const quantity = clamp(pending.quantity);
      setQty(quantity);
      setBusy(true);
      void add(product.id, quantity, pending.variantId ?? variantId).finally(() => setBusy(false));
    });
    return () => {
      gone = true;
    };
  }, [isCustomer, slug, product.id]);

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{product.product_name}</h1>
        <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-600">
          {product.total_reviews > 0 ? (
            <>
              <Star aria-hidden className="size-4 fill-amber-400 text-amber-400" />
              <span>
                {product.average_rating.toFixed(1)} out of 5 ({product.total_reviews}{' '}
                {product.total_reviews === 1 ? 'review' : 'reviews'})
              </span>
            </>
          ) : (
            'No reviews yet'
          )}
          {(variant?.sku ?? product.sku) ? (
            <span className="ml-2 text-slate-500">SKU: {sized ? variant?.sku : product.sku}</span>
          ) : null}
        </p>
      </div>
      <div data-testid="product-price">
        <ProductPrice size="lg" price={shown.price} salePrice={shown.sale} discountPercentage={shown.off} />
        {product.tax_percentage > 0 ? (
          <p className="mt-1 text-xs text-slate-500">Inclusive of {product.tax_percentage}% tax</p>
        ) : null}
      </div>
      {onPick ? <VariantPicker product={product} chosen={variant} onPick={onPick} /> : null}
      <div className="flex flex-wrap items-center gap-3">
        <span className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ${tone}`}>
          {label(stock)}
        </span>
        {out && !held && (!sized || variant) ? (
          <Suspense fallback={null}>
            <StockAlert productId={product.id} variantId={variantId} name={product.product_name} />
          </Suspense>
        ) : null}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <span id="qty-label" className="mb-1 block text-sm font-medium text-slate-700">
            Quantity
          </span>
          <div className="inline-flex items-center overflow-hidden rounded-lg border border-slate-300 bg-white">
            <button
              type="button"
              aria-label="Decrease quantity"
              className={stepClass}
              disabled={out || qty <= 1}
              onClick={() => set(qty - 1)}
            >
              <Minus aria-hidden className="size-4" />
            </button>
            <input
              type="number"
              aria-labelledby="qty-label"
              inputMode="numeric"
              min={1}
              max={Math.max(1, stock)}
              value={qty}
              disabled={out}
              onChange={(e) => set(Number(e.target.value))}
              className="h-10 w-14 border-x border-slate-300 text-center text-sm text-slate-900 [appearance:textfield] focus:outline-2 focus:outline-brand-500 disabled:bg-slate-50 [&::-webkit-inner-spin-button]:appearance-none"
            />
            <button
              type="button"
              aria-label="Increase quantity"
              className={stepClass}
              disabled={out || qty >= stock}
              onClick={() => set(qty + 1)}
            >
              <Plus aria-hidden className="size-4" />
            </button>
          </div>
        </div>
        <button
          type="button"
          className={`${buttonStyles.primary} h-10 flex-1 sm:flex-none sm:px-8`}
          disabled={out || busy || status === 'loading'}
          aria-busy={busy}
          onClick={() => void addToCart()}
        >
          <ShoppingCart aria-hidden className="size-4" />
          Add to Cart
        </button>
        <LazyWishlistHeart
          productId={product.id}
          variantId={variantId}
          name={product.product_name}
          className="size-10 border border-slate-300"
        />
      </div>
    </div>
  );
}
