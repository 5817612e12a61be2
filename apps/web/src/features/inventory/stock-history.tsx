import { LEDGER_REASONS } from '@haat/contracts';
import { useId, useState } from 'react';
import { ListPager } from '../../components/ui/pager.tsx';
import { type LedgerReason, useStockHistory } from './inventory-api.ts';
import { HistoryBody, HistorySelect, REASON_LABELS } from './stock-history-parts.tsx';

const HISTORY_PAGE = 10;

/**
 * The History tab: the product's stock ledger, newest first. Every change is there (opening stock, edits with
 * their reason, sales, cancellations, returns, imports), filterable by reason and paged by the server.
 */
export function StockHistory({
  productId,
  unit,
  variants = [],
}: {
  productId: string;
  unit: string;
  /** The product's sizes or packs: the history can show one of them. */
  variants?: { id: string; label: string | null }[];
}) {
  const id = useId();
  const [reason, setReason] = useState<LedgerReason | ''>('');
  const [variant, setVariant] = useState('');
  const [page, setPage] = useState(1);
  const history = useStockHistory(productId, {
    reason: reason || undefined,
    variant_id: variant || undefined,
    limit: HISTORY_PAGE,
    offset: (page - 1) * HISTORY_PAGE,
  });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">Stock history</h2>
        {variants.length ? (
          <HistorySelect
            id={`${id}-variant`}
            label="Variant"
            value={variant}
            onChange={(v) => {
              setVariant(v);
              setPage(1);
            }}
            options={[
              { value: '', label: 'All variants' },
              ...variants.map((v) => ({ value: v.id, label: v.label })),
            ]}
          />
        ) : null}
        <HistorySelect
          id={id}
          label="Reason"
          value={reason}
          onChange={(r) => {
            setReason(r as LedgerReason | '');
            setPage(1);
          }}
          options={[
            { value: '', label: 'All reasons' },
            ...LEDGER_REASONS.map((r) => ({ value: r, label: REASON_LABELS[r] })),
          ]}
        />
      </div>
      <HistoryBody
        loading={history.isPending || history.isPlaceholderData}
        failed={history.isError}
        rows={history.data?.results ?? []}
        reason={reason}
        unit={unit}
      />
      {history.data && history.data.count > 0 ? (
        <ListPager
          page={page}
          pageSize={HISTORY_PAGE}
          total={history.data.count}
          noun={history.data.count === 1 ? 'change' : 'changes'}
          onPage={setPage}
          label="Stock history pages"
        />
      ) : null}
    </div>
  );
}
