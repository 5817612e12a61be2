import { TRANSACTION_MODE_FILTERS, TRANSACTION_STATUS_FILTERS, type TransactionQuery } from '@haat/contracts';
import { z } from 'zod';
import { listParam, queryRange, useListParams } from '../../lib/list-params.ts';

export const PAGE_SIZE = 10;
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
/** The list's filters in the address, so a filtered list can be linked to and reloaded. */
export const transactionParamsSchema = z.object({
  search: listParam.text(),
  status: listParam.oneOf(TRANSACTION_STATUS_FILTERS, 'all'),
  payment_mode: listParam.oneOf(TRANSACTION_MODE_FILTERS, 'all'),
  from: listParam.date(),
  to: listParam.date(),
  page: listParam.page(),
});

export function useTransactionParams() {
  const params = useListParams(transactionParamsSchema, { pageSize: PAGE_SIZE });
  const f = params.values;
  const range = queryRange(f.from, f.to);
  const query: Partial<TransactionQuery> = {
    search: f.search || undefined,
    status: f.status,
    payment_mode: f.payment_mode,
    ...range,
    limit: params.limit,
    offset: params.offset,
  };
  return { ...params, f, query, range };
}
