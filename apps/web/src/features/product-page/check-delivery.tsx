import { lazy, Suspense, useState } from 'react';

// The PIN code box, the call to the shop and its answer load when the shopper asks for them: the product page's
// first load carries only this button (issue 40; the page's JavaScript budget, decision 0016).
const DeliveryChecker = lazy(() =>
  import('./delivery-checker.tsx').then((m) => ({ default: m.DeliveryChecker })),
);

/** "Check delivery" on a product page: opens the shop's answer by PIN code for this product (or variant). */
export function CheckDelivery(props: { slug: string; productId: string; variantId: string | undefined }) {
  const [open, setOpen] = useState(false);
  const button = (
    <button
      type="button"
      onClick={() => setOpen(true)}
      className="self-start rounded-lg border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700"
    >
      Check delivery
    </button>
  );
  return open ? (
    <Suspense fallback={button}>
      <DeliveryChecker {...props} />
    </Suspense>
  ) : (
    button
  );
}
