import { type PosCheckoutBody, posCheckoutBody } from '@haat/contracts';
import { Keyboard, ScanBarcode } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/fields.tsx';
import { NoShop } from '../../components/ui/no-shop.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { BillLines, BillSummary, CustomerFields } from './bill-panel.tsx';
import { PaymentDialog } from './payment-dialog.tsx';
import { type CounterInfo, type PosProduct, type PosSale, useCounter, useReloadProducts } from './pos-api.ts';
import { BarcodeBox, ProductPicker } from './product-picker.tsx';
import { ReceiptDialog } from './receipt.tsx';
import { type BillCustomer, usePosBill } from './use-pos-bill.ts';

/** The point of sale (02 §2 Point-of-sale checkout; issue 14), the sidebar's Checkout. */
export function PosPage() {
  useDocumentTitle('Point of Sale · Admin Panel');
  const { shop, loading } = useSelectedShop();
  const counter = useCounter();
  if (!shop) return loading ? <PageLoading /> : <NoShop />;
  if (!counter.data) return <PageLoading />;
  return <Counter key={shop.slug} info={counter.data} />;
}

type CustomerErrors = Partial<Record<keyof BillCustomer, string>>;

/** The customer's fields checked with the same schema the server uses; 02 §5's alert when name or phone is missing. */
function checkCustomer(c: BillCustomer): { errors: CustomerErrors; alert: string | null } {
  if (!c.name.trim() || !c.phone.trim()) {
    return {
      errors: {
        ...(c.name.trim() ? {} : { name: 'Name is required' }),
        ...(c.phone.trim() ? {} : { phone: 'Phone number is required' }),
      },
      alert: 'Name and phone number are required',
    };
  }
  const parsed = posCheckoutBody
    .pick({ name: true, phone: true, email: true, address: true, gst_number: true })
    .safeParse({ ...c });
  if (parsed.success) return { errors: {}, alert: null };
  const errors: CustomerErrors = {};
  for (const issue of parsed.error.issues) {
    const k = issue.path[0] as keyof BillCustomer;
    errors[k] ??= issue.message;
  }
  return { errors, alert: 'Check the customer details' };
}

function Counter({ info }: { info: CounterInfo }) {
  const bill = usePosBill(info.gst_registered);
  const barcodeRef = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState('');
  const [paying, setPaying] = useState(false);
  const [sale, setSale] = useState<PosSale | null>(null);
  const [errors, setErrors] = useState<CustomerErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const reload = useReloadProducts();
  const focusScan = useCallback(() => barcodeRef.current?.focus(), []);

  useEffect(() => focusScan(), [focusScan]);

  const add = (p: PosProduct) => {
    bill.add(p);
    focusScan();
  };

  const t = bill.totals;
  const canPay = bill.lines.length > 0 && !paying && !t.discountProblem;
  const pay = () => {
    if (!bill.lines.length) return;
    const checked = checkCustomer(bill.customer);
    setErrors(checked.errors);
    setAlert(checked.alert);
    if (checked.alert || t.discountProblem) return;
    setPaying(true);
  };
  const newSale = () => {
    setSale(null);
    setPaying(false);
    bill.reset();
    setSearch('');
    setErrors({});
    setAlert(null);
    focusScan();
  };

  // Keyboard-first at the counter: F9 or Alt+P pays, Alt+N starts a new sale, F2 goes back to the barcode box.
  const keys = useRef({ pay, newSale, focusScan });
  keys.current = { pay, newSale, focusScan };
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

  const c = bill.customer;
  const body: Omit<PosCheckoutBody, 'payment'> = {
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

  return (
    <div className="mx-auto max-w-7xl space-y-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <header className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Point of Sale</h1>
          <p className="mt-1 text-sm text-slate-600">Bill walk-in customers of {info.shop_name}.</p>
        </div>
        <p className="hidden items-center gap-1.5 text-xs text-slate-500 lg:flex">
          <Keyboard aria-hidden className="size-4" />
          <kbd className="rounded border px-1">F2</kbd> barcode ·{' '}
          <kbd className="rounded border px-1">F9</kbd> pay · <kbd className="rounded border px-1">Alt+N</kbd>{' '}
          new sale
        </p>
      </header>

      {/* Phones: the barcode box, then the bill, then the products; desktops: products left, the bill right. */}
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-xs lg:col-start-1 lg:row-start-1">
          <BarcodeBox inputRef={barcodeRef} onProduct={add} />
        </div>

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
            <BillSummary bill={bill} gstRegistered={info.gst_registered} />
            {alert ? <FormAlert>{alert}</FormAlert> : null}
            <button
              type="button"
              className={`${buttonStyles.primary} w-full py-3 text-base`}
              disabled={!canPay}
              onClick={pay}
            >
              {paying ? <Spinner /> : null}
              {paying ? 'Processing...' : 'Process Payment'}
            </button>
          </div>
        </aside>

        <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-xs lg:col-start-1 lg:row-start-2">
          <ProductPicker search={search} onSearch={setSearch} onAdd={add} />
        </div>
      </div>

      <PaymentDialog
        open={paying && !sale}
        onClose={() => {
          setPaying(false);
          focusScan();
        }}
        bill={body}
        total={t.totalPaise / 100}
        counter={info}
        onStale={(details) => {
          const items = (details as { items?: { variant_id: string; price: number }[] } | undefined)?.items;
          if (items) bill.reprice(items);
          void reload();
        }}
        onPaid={(s) => {
          setSale(s);
          setPaying(false);
          bill.reset();
          setSearch('');
          void reload();
        }}
      />
      {sale ? <ReceiptDialog sale={sale} onNewSale={newSale} /> : null}
    </div>
  );
}
