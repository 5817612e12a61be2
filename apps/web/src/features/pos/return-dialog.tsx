import { FileText, Printer, Undo2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { downloadFile } from '../../lib/download.ts';
import { formatAmount } from '../../lib/format.ts';
import { useAdminDownload } from '../../lib/use-admin-download.ts';
import { useReloadProducts } from './pos-api.ts';
import { ReturnExchange } from './return-exchange.tsx';
import { ReturnFind } from './return-find.tsx';
import { MethodChoice, ReturnLines } from './return-lines.tsx';
import { ReturnSlip } from './return-slip.tsx';
import type { CounterReturn } from './returns-api.ts';
import { type CounterReturnState, useCounterReturn } from './use-counter-return.ts';

/** Return / exchange at the counter (issue 38): a button beside the counter's title, and its dialog. */
export function ReturnButton({ gstRegistered }: { gstRegistered: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonStyles.secondary} onClick={() => setOpen(true)}>
        <Undo2 aria-hidden className="size-4" />
        Return / exchange
      </button>
      {open ? <ReturnDialog gstRegistered={gstRegistered} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ReturnDialog({ gstRegistered, onClose }: { gstRegistered: boolean; onClose: () => void }) {
  const r = useCounterReturn(gstRegistered);
  const reload = useReloadProducts();
  useEffect(() => {
    if (r.done) void reload();
  }, [r.done, reload]);
  return (
    <Dialog
      open
      onClose={onClose}
      title={r.done ? 'Return recorded' : 'Return / exchange'}
      description={
        r.done
          ? `Credit note ${r.done.credit_note?.number ?? ''}`
          : 'Find the sale by its receipt or the customer’s phone'
      }
      size="max-w-2xl"
    >
      {r.done ? (
        <ReturnDone done={r.done} onClose={onClose} />
      ) : r.sale ? (
        <ReturnForm r={r} />
      ) : (
        <ReturnFind onSale={r.choose} />
      )}
    </Dialog>
  );
}

/** The lines and the reason, then refund or exchange, and the button that records it. */
function ReturnForm({ r }: { r: CounterReturnState }) {
  const returned = formatAmount(r.returnedPaise / 100);
  return (
    <div className="space-y-4">
      <ReturnLines r={r} />
      {r.sale?.not_returnable ? null : (
        <>
          <div role="tablist" aria-label="Refund or exchange" className="grid grid-cols-2 gap-2">
            {(['REFUND', 'EXCHANGE'] as const).map((k) => (
              <button
                key={k}
                type="button"
                role="tab"
                aria-selected={r.kind === k}
                disabled={k === 'EXCHANGE' && r.sale?.payment_method === 'CREDIT'}
                className={r.kind === k ? buttonStyles.primary : buttonStyles.secondary}
                onClick={() => r.setKind(k)}
              >
                {k === 'REFUND' ? 'Refund' : 'Exchange'}
              </button>
            ))}
          </div>
          {r.kind === 'EXCHANGE' ? (
            <ReturnExchange r={r} />
          ) : (
            <MethodChoice r={r} label={`Refund ${returned} by`} />
          )}
        </>
      )}
      {r.problem ? <FormAlert>{r.problem}</FormAlert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <button type="button" className={buttonStyles.secondary} onClick={() => r.choose(null)}>
          Another sale
        </button>
        <button
          type="button"
          className={buttonStyles.primary}
          disabled={!r.ready || r.busy}
          onClick={() => void r.submit()}
        >
          {r.busy ? <Spinner /> : null}
          {r.kind === 'EXCHANGE' ? 'Record exchange' : `Refund ${returned}`}
        </button>
      </div>
    </div>
  );
}

/** While the slip is open, printing prints only it, on the 80 mm roll. */
function useSlipPrintPage() {
  useEffect(() => {
    const style = document.createElement('style');
    style.textContent =
      '#return-print { display: none; } @page { size: 80mm auto; margin: 4mm; } ' +
      '@media print { body > *:not(#return-print) { display: none !important; } ' +
      '#return-print { display: block; width: 72mm; font-size: 11px; color: #000; } }';
    document.head.append(style);
    return () => style.remove();
  }, []);
}

/** The slip, printable on the counter's 80 mm printer, and the credit note as PDF. */
function ReturnDone({ done, onClose }: { done: CounterReturn; onClose: () => void }) {
  useSlipPrintPage();
  const files = useAdminDownload();
  const note = done.credit_note;
  return (
    <div className="space-y-4">
      <div className="max-h-[50vh] overflow-y-auto rounded-lg border border-slate-200 bg-white p-3">
        <ReturnSlip r={done} />
      </div>
      {createPortal(
        <div id="return-print">
          <ReturnSlip r={done} />
        </div>,
        document.body,
      )}
      <div className="grid grid-cols-2 gap-2">
        <button
          type="button"
          className={buttonStyles.secondary}
          onClick={() => window.print()}
          data-autofocus
        >
          <Printer aria-hidden className="size-4" />
          Print slip
        </button>
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={!note || files.busy === 'note'}
          onClick={() =>
            files.run('note', (req) =>
              downloadFile(
                `/api/admin/pos/return/${done.id}/credit-note.pdf`,
                `${note?.number ?? 'credit-note'}.pdf`,
                {
                  ...req,
                  errorMessage: 'The credit note could not be made',
                },
              ),
            )
          }
        >
          {files.busy === 'note' ? <Spinner /> : <FileText aria-hidden className="size-4" />}
          Credit note PDF
        </button>
      </div>
      <button type="button" className={`${buttonStyles.primary} w-full`} onClick={onClose}>
        Done
      </button>
    </div>
  );
}
