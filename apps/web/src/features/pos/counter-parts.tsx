import type { PosCheckoutBody } from '@haat/contracts';
import { Keyboard, ScanBarcode } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { BillLines, BillSummary, CustomerFields } from './bill-panel.tsx';
import type { BillCustomer, usePosBill } from './use-pos-bill.ts';

type Bill = ReturnType<typeof usePosBill>;
export type CustomerErrors = Partial<Record<keyof BillCustomer, string>>;

/** Keyboard-first at the counter: F9 or Alt+P pays, Alt+N starts a new sale, F2 goes back to the barcode box. */
export function useCounterKeys(actions: { pay: () => void; newSale: () => void; focusScan: () => void }) {
  const keys = useRef(actions);
  keys.current = actions;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const k = e.key.toLowerCase();
      if (e.key === 'F9' || (e.altKey && k === 'p')) {
        e.preventDefault();
        keys.current.pay();
      } else if (e.altKey && k === 'n') {
        e.preventDefault();
        keys.current.newSale();
      } else if (e.key === 'F2') {
        e.preventDefault();
        keys.current.focusScan();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** The sale as the server takes it, less the payment: the customer, the lines and the totals shown. */
export function saleBody(bill: Bill): Omit<PosCheckoutBody, 'payment'> {
  const c = bill.customer;
  const t = bill.totals;
  return {
    name: c.name.trim(),
    phone: c.phone,
    ...(c.email.trim() ? { email: c.email.trim() } : {}),
    ...(c.address.trim() ? { address: c.address.trim() } : {}),
    ...(c.gst_number.trim() ? { gst_number: c.gst_number.trim() } : {}),
    product_id: bill.lines.map((l) => ({
      product_id: l.product.product_id,
      variant_id: l.product.variant_id,
      quantity: l.quantity,
    })),
    discount_type: bill.discountType,
    discount_value: bill.discountValue,
    sub_total: t.subtotalPaise / 100,
    discount_amount: t.discountPaise / 100,
    tax: t.taxPaise / 100,
    total_bill_amount: t.totalPaise / 100,
    total_items: t.items,
  };
}

export function CounterHeader({ shopName }: { shopName: string }) {
  return (
    <header className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Point of Sale</h1>
        <p className="mt-1 text-sm text-slate-600">Bill walk-in customers of {shopName}.</p>
      </div>
      <p className="hidden items-center gap-1.5 text-xs text-slate-500 lg:flex">
        <Keyboard aria-hidden className="size-4" />
        <kbd className="rounded border px-1">F2</kbd> barcode · <kbd className="rounded border px-1">F9</kbd>{' '}
        pay · <kbd className="rounded border px-1">Alt+N</kbd> new sale
      </p>
    </header>
  );
}

/** The current bill, the customer and the totals with Process Payment: beside the products on a desktop. */
export function BillAside({
  bill,
  errors,
  gstRegistered,
  alert,
  paying,
  canPay,
  onPay,
}: {
  bill: Bill;
  errors: CustomerErrors;
  gstRegistered: boolean;
  alert: string | null;
  paying: boolean;
  canPay: boolean;
  onPay: () => void;
}) {
  return (
    <aside
      aria-label="Current bill"
      className="min-w-0 space-y-4 lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start"
    >
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
        <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <ScanBarcode aria-hidden className="size-5 text-brand-700" />
          Current bill
        </h2>
        <div className="mt-2">
          <BillLines bill={bill} />
        </div>
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
        <CustomerFields bill={bill} errors={errors} />
      </div>
      <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
        <BillSummary bill={bill} gstRegistered={gstRegistered} />
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <button
          type="button"
          className={`${buttonStyles.primary} w-full py-3 text-base`}
          disabled={!canPay}
          onClick={onPay}
        >
          {paying ? <Spinner /> : null}
          {paying ? 'Processing...' : 'Process Payment'}
        </button>
      </div>
    </aside>
  );
}
