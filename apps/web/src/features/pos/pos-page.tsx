import { posCheckoutBody } from '@haat/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { NoShop } from '../../components/ui/no-shop.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { useSession } from '../../lib/session/session-context.tsx';
import { fullName } from '../../lib/session/session-storage.ts';
import { RegisterBar } from '../register/index.ts';
import { BillAside, CounterHeader, type CustomerErrors, saleBody, useCounterKeys } from './counter-parts.tsx';
import { soldOnDevice } from './offline-catalogue.ts';
import { queueSale } from './offline-queue.ts';
import { PaymentDialog } from './payment-dialog.tsx';
import { type CounterInfo, type PosProduct, type PosSale, useCounter, useReloadProducts } from './pos-api.ts';
import { BarcodeBox, ProductPicker } from './product-picker.tsx';
import { QueuePanel } from './queue-panel.tsx';
import { ReceiptDialog } from './receipt.tsx';
import { ReturnButton } from './return-dialog.tsx';
import { useOfflineCounter } from './use-offline-counter.ts';
import type { Payment } from './use-payment.ts';
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

/** Process Payment: the customer checked first (02 §5), then the payment dialog opens. */
function usePayStep(bill: ReturnType<typeof usePosBill>) {
  const [paying, setPaying] = useState(false);
  const [checked, setChecked] = useState<{ errors: CustomerErrors; alert: string | null; of: BillCustomer }>({
    errors: {},
    alert: null,
    of: bill.customer,
  });
  const pay = () => {
    if (!bill.lines.length) return;
    const result = checkCustomer(bill.customer);
    setChecked({ ...result, of: bill.customer });
    if (result.alert || bill.totals.discountProblem) return;
    setPaying(true);
  };
  const clearProblems = () => setChecked({ errors: {}, alert: null, of: bill.customer });
  // A field's message goes as soon as that field is changed (issue 42), the alert once no message is left.
  const errors: CustomerErrors = {};
  for (const [k, message] of Object.entries(checked.errors) as [keyof BillCustomer, string][])
    if (bill.customer[k] === checked.of[k]) errors[k] = message;
  const alert = Object.keys(errors).length ? checked.alert : null;
  return { paying, setPaying, errors, alert, pay, clearProblems };
}

function Counter({ info }: { info: CounterInfo }) {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  const { session } = useSession();
  const bill = usePosBill(info.gst_registered);
  const barcodeRef = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState('');
  const [sale, setSale] = useState<{ sale: PosSale; queued: boolean } | null>(null);
  const offline = useOfflineCounter(slug);
  const { paying, setPaying, errors, alert, pay, clearProblems } = usePayStep(bill);
  const reload = useReloadProducts();
  const focusScan = useCallback(() => barcodeRef.current?.focus(), []);

  useEffect(() => focusScan(), [focusScan]);

  const add = (p: PosProduct) => {
    bill.add(p);
    focusScan();
  };

  const t = bill.totals;
  const canPay = bill.lines.length > 0 && !paying && !t.discountProblem;
  const newSale = () => {
    setSale(null);
    setPaying(false);
    bill.reset();
    setSearch('');
    clearProblems();
    focusScan();
  };

  useCounterKeys({ pay, newSale, focusScan });

  // With no network the sale is saved on the device with the counter's next receipt number (issue 43).
  const queueOffline = async (payment: Payment, key: string, covered: boolean) => {
    const cashier = session ? fullName(session) : null;
    const input = { bill: saleBody(bill), lines: bill.lines, payment, info, cashier, creditCovered: covered };
    return (await queueSale(slug, { ...input, gstRegistered: info.gst_registered }, key)).receipt;
  };

  return (
    <div className="mx-auto max-w-7xl space-y-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <CounterHeader shopName={info.shop_name} />
      <QueuePanel state={offline} />
      <RegisterBar />
      <ReturnButton gstRegistered={info.gst_registered} />

      {/* Phones: the barcode box, then the bill, then the products; desktops: products left, the bill right. */}
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-xs lg:col-start-1 lg:row-start-1">
          <BarcodeBox inputRef={barcodeRef} onProduct={add} />
        </div>

        <BillAside
          bill={bill}
          errors={errors}
          gstRegistered={info.gst_registered}
          alert={alert}
          paying={paying}
          canPay={canPay}
          onPay={pay}
        />

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
        bill={saleBody(bill)}
        total={t.totalPaise / 100}
        counter={info}
        onStale={(details) => {
          const items = (details as { items?: { variant_id: string; price: number }[] } | undefined)?.items;
          if (items) bill.reprice(items);
          void reload();
        }}
        queueOffline={queueOffline}
        onPaid={(s, queued) => {
          setSale({ sale: s, queued });
          setPaying(false);
          // The stock shown on the device goes down now (queued: already, with the sale).
          if (!queued)
            soldOnDevice(
              slug,
              s.items.map((i) => ({ variant_id: i.variant_id ?? undefined, quantity: i.quantity })),
            );
          bill.reset();
          setSearch('');
          void reload();
        }}
      />
      {sale ? <ReceiptDialog sale={sale.sale} queued={sale.queued} onNewSale={newSale} /> : null}
    </div>
  );
}
