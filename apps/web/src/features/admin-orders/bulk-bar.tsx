import { Printer, X } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useCan } from '../../lib/shop-role.ts';
import { toast } from '../../lib/toast.ts';
import { type BulkResult, useBulkStatus } from './admin-orders-api.ts';

const MOVES = [
  { value: 'CONFIRMED', label: 'Confirm' },
  { value: 'PROCESSING', label: 'Mark Processing' },
  { value: 'DELIVERED', label: 'Mark Delivered' },
  { value: 'CANCELLED', label: 'Cancel' },
] as const;
type Move = (typeof MOVES)[number]['value'];

/** The orders a bulk move left as they were, and why (shown until the next move or dismissed). */
export function NotMoved({ result, onDismiss }: { result: BulkResult; onDismiss: () => void }) {
  return (
    <div role="status" className="rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-amber-300">
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold text-amber-900">
          {result.skipped.length} order{result.skipped.length === 1 ? ' was' : 's were'} not moved:
        </p>
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          className="text-slate-500 hover:text-slate-800"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-700">
        {result.skipped.map((s) => (
          <li key={s.id}>
            {s.order_number ?? 'An order'}: {s.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * What can be done to the selected orders at once: move them to one status (each order still obeys the rules;
 * the result names the ones that did not move and why) or print their packing slips.
 */
export function BulkBar({
  ids,
  onDone,
  onClear,
  onPrint,
  printing,
}: {
  ids: string[];
  onDone: (result: BulkResult) => void;
  onClear: () => void;
  onPrint: () => void;
  printing: boolean;
}) {
  const id = useId();
  // Staff see only the moves their role may make (issue 15): cancelling is a manager's, the rest a packer's too.
  const [fulfil, manage] = [useCan('orders.fulfil'), useCan('orders.manage')];
  const moves = MOVES.filter((m) => (m.value === 'CANCELLED' ? manage : fulfil));
  const [move, setMove] = useState<Move>('PROCESSING');
  const [confirming, setConfirming] = useState(false);
  const bulk = useBulkStatus();
  const apply = () => {
    setConfirming(false);
    bulk.mutate(
      { ids, status: move },
      {
        onSuccess: (r) => {
          const moved = r.moved.length;
          toast.success('Success', {
            description: `${moved} order${moved === 1 ? '' : 's'} moved${r.skipped.length ? `, ${r.skipped.length} not moved` : ''}`,
          });
          onDone(r);
        },
      },
    );
  };
  return (
    <section
      aria-label="Selected orders"
      className="space-y-3 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <p className="text-sm font-semibold text-slate-900 sm:mr-auto sm:self-center">
          {ids.length} order{ids.length === 1 ? '' : 's'} selected
        </p>
        {moves.length ? (
          <div className="flex items-end gap-2">
            <div>
              <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
                Move to
              </label>
              <select
                id={id}
                value={move}
                onChange={(e) => setMove(e.target.value as Move)}
                className="h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm"
              >
                {moves.map((m) => (
                  <option key={m.value} value={m.value}>
                    {m.label}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="button"
              className={buttonStyles.primary}
              disabled={bulk.isPending}
              aria-busy={bulk.isPending || undefined}
              onClick={() => (move === 'CANCELLED' ? setConfirming(true) : apply())}
            >
              {bulk.isPending ? <Spinner /> : null}
              Apply
            </button>
          </div>
        ) : null}
        <div className="flex gap-2">
          <button type="button" className={buttonStyles.secondary} onClick={onPrint} disabled={printing}>
            {printing ? <Spinner /> : <Printer aria-hidden className="size-4" />}
            Print packing slips
          </button>
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={onClear}
            aria-label="Clear selection"
          >
            <X aria-hidden className="size-4" />
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Cancel these orders?"
        description={`Are you sure you want to cancel ${ids.length === 1 ? 'this order' : `these ${ids.length} orders`}? Their stock goes back on the shelf.`}
        confirmLabel="Yes, cancel"
        cancelLabel="Keep them"
        busy={bulk.isPending}
        onConfirm={apply}
      />
    </section>
  );
}
