import type { ProductDetail, ShopperVariant } from '@haat/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../lib/router.tsx';

/** The variant whose option values are exactly these, if the shop sells that combination. */
export const variantOf = (product: ProductDetail, values: readonly (string | undefined)[]) =>
  product.variants.find(
    (v) => v.options.length === values.length && v.options.every((o, i) => o === values[i]),
  );

/**
 * The variant the shopper has chosen, kept in the address (`?variant=`) so the page can be shared as it is seen.
 * Without one in the address: the first variant in stock (or the first at all). A product without options has
 * one variant, the product itself.
 */
export function useChosenVariant(product: ProductDetail) {
  const [params, setParams] = useSearchParams();
  const fromAddress = params.get('variant');
  const chosen: ShopperVariant | undefined = useMemo(
    () =>
      product.variants.find((v) => v.id === fromAddress) ??
      product.variants.find((v) => v.stock_status !== 'OUT_OF_STOCK') ??
      product.variants[0],
    [product.variants, fromAddress],
  );
  /** Picks one option's value, keeping the others; the nearest combination sold when that exact one is not. */
  const pick = useCallback(
    (index: number, value: string) => {
      const values = product.options.map((_, i) => (i === index ? value : chosen?.options[i]));
      const next =
        variantOf(product, values) ?? product.variants.find((v) => v.options[index] === value) ?? chosen;
      if (!next) return;
      setParams(
        (p) => {
          p.set('variant', next.id);
          return p;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [product, chosen, setParams],
  );
  return { chosen, pick };
}
