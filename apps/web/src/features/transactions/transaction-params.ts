import { TRANSACTION_MODE_FILTERS, TRANSACTION_STATUS_FILTERS, type TransactionQuery } from '@haat/contracts';
import { useMemo } from 'react';
import { useSearchParams } from '../../lib/router.tsx';

export const PAGE_SIZE = 10;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
export type Status = (typeof TRANSACTION_STATUS_FILTERS)[number];
export type Mode = (typeof TRANSACTION_MODE_FILTERS)[number];
export const STATUS_TEXT: Record<Status, string> = {
  all: 'All',
  PENDING: 'Pending',
  SUCCESS: 'Success',
  FAILED: 'Failed',
  PARTIALLY_REFUNDED: 'Partially Refunded',
  REFUNDED: 'Refunded',
  CANCELLED: 'Cancelled',
};
export const MODE_TEXT: Record<Mode, string> = {
  all: 'All',
  CREDIT_CARD: 'Credit Card',
  DEBIT_CARD: 'Debit Card',
  UPI: 'UPI',
  NET_BANKING: 'Net Banking',
  WALLET: 'Wallet',
  CASH: 'Cash',
};
const oneOf = <T extends string>(v: string | null, all: readonly T[], d: T) =>
  all.includes(v as T) ? (v as T) : d;

/** The list's filters in the address, so a filtered list can be linked to and reloaded. */
export function useTransactionParams() {
  const [params, setParams] = useSearchParams();
  const f = useMemo(() => {
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    return {
      search: params.get('search') ?? '',
      status: oneOf(params.get('status'), TRANSACTION_STATUS_FILTERS, 'all'),
      payment_mode: oneOf(params.get('payment_mode'), TRANSACTION_MODE_FILTERS, 'all'),
      from: DATE.test(from) ? from : '',
      to: DATE.test(to) ? to : '',
      page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    };
  }, [params]);
  const update = (patch: Partial<typeof f>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(patch)) {
        if (v === '' || v === 'all' || (k === 'page' && v === 1)) next.delete(k);
        else next.set(k, String(v));
      }
      if (!('page' in patch)) next.delete('page');
      return next;
    });
  const range = { from: f.from || undefined, to: f.to && (!f.from || f.to >= f.from) ? f.to : undefined };
  const query: Partial<TransactionQuery> = {
    search: f.search || undefined,
    status: f.status,
    payment_mode: f.payment_mode,
    ...range,
    limit: PAGE_SIZE,
    offset: (f.page - 1) * PAGE_SIZE,
  };
  const active = !!f.search || f.status !== 'all' || f.payment_mode !== 'all' || !!f.from || !!f.to;
  return { f, update, query, range, active, clear: () => setParams(new URLSearchParams()) };
}
