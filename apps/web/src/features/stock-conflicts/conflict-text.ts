import type { PosStockConflict } from '@haat/contracts';

/** "Masala chai 250 g · Large": the product and its variant. */
export const conflictItem = (c: PosStockConflict) =>
  c.variant_label ? `${c.name} · ${c.variant_label}` : c.name;

/** "2 stock conflicts to resolve". */
export const openCountText = (n: number) => `${n} stock conflict${n === 1 ? '' : 's'} to resolve`;

export const RESOLUTION_TEXT = { COUNTED: 'Stock counted', ACCEPTED: 'Accepted as is' } as const;
