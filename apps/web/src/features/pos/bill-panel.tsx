import { DISCOUNT_TYPES, PHONE_PATTERN } from '@haat/contracts';
import { Minus, Plus, Trash2, UserCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormAlert, PhoneField, TextField } from '../../components/ui/fields.tsx';
import { MoneyField } from '../../components/ui/money-field.tsx';
import { formatAmount, formatDate } from '../../lib/format.ts';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { type PosCustomer, posApi } from './pos-api.ts';
import { productTitle } from './product-picker.tsx';
import type { BillCustomer, PosBill } from './use-pos-bill.ts';

const paise = (p: number) => formatAmount(p / 100);

/** The bill's lines: a quantity stepper (typing 0 removes the line) and remove. */
export function BillLines({ bill }: { bill: PosBill }) {
  if (!bill.lines.length) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
        The bill is empty. Scan a barcode or pick a product.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100" aria-label="Bill">
      {bill.lines.map(({ product: p, quantity }) => {
        const title = productTitle(p);
        return (
          <li key={p.variant_id} className="flex items-center gap-3 py-2.5">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900">{title}</p>
              <p className="text-xs text-slate-500 tabular-nums">
                {formatAmount(p.price)} × {quantity} ={' '}
                {formatAmount(Math.round(p.price * 100 * quantity) / 100)}
              </p>
            </div>
            <div className="flex items-center rounded-lg border border-slate-300">
              <button
                type="button"
                aria-label={`One less ${title}`}
                onClick={() => bill.setQuantity(p.variant_id, quantity - 1)}
                className="p-2 text-slate-600 hover:bg-slate-50"
              >
                <Minus aria-hidden className="size-3.5" />
              </button>
              <input
                aria-label={`Quantity of ${title}`}
                value={quantity}
                inputMode="numeric"
                onChange={(e) =>
                  bill.setQuantity(p.variant_id, Number(e.target.value.replace(/\D/g, '') || 0))
                }
                className="w-10 border-x border-slate-300 py-1.5 text-center text-sm tabular-nums focus:outline-none"
              />
              <button
                type="button"
                aria-label={`One more ${title}`}
                onClick={() => bill.setQuantity(p.variant_id, quantity + 1)}
                className="p-2 text-slate-600 hover:bg-slate-50"
              >
                <Plus aria-hidden className="size-3.5" />
              </button>
            </div>
            <button
              type="button"
              aria-label={`Remove ${title}`}
              onClick={() => bill.remove(p.variant_id)}
              className="rounded-lg p-2 text-slate-500 hover:bg-red-50 hover:text-red-600"
            >
              <Trash2 aria-hidden className="size-4" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The customer (02 §3 POS customer): name and phone are needed to bill, email, address and GST number are
 * optional. A full phone number finds a returning customer of this shop and fills in what the shop knows.
 */
export function CustomerFields({
  bill,
  errors,
}: {
  bill: PosBill;
  errors: Partial<Record<keyof BillCustomer, string>>;
}) {
  const { shop } = useSelectedShop();
  const c = bill.customer;
  const set = (patch: Partial<BillCustomer>) => bill.setCustomer({ ...c, ...patch });
  const [known, setKnown] = useState<PosCustomer | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: look up only when the phone changes
  useEffect(() => {
    setKnown(null);
    if (!shop || !PHONE_PATTERN.test(c.phone)) return;
    const ctl = new AbortController();
    posApi
      .customer(shop.slug, c.phone, ctl.signal)
      .then(({ customer }) => {
        if (!customer) return;
        setKnown(customer);
        bill.setCustomer({
          phone: c.phone,
          name: c.name || customer.name,
          email: c.email || (customer.email ?? ''),
          address: c.address || (customer.address ?? ''),
          gst_number: c.gst_number || (customer.gst_number ?? ''),
        });
      })
      .catch(() => {});
    return () => ctl.abort();
  }, [c.phone, shop?.slug]);

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-900">Customer</legend>
      {/* One column beside the products on a desktop (26rem): two would cut the 10-digit phone off (issue 42). */}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
        <PhoneField
          label="Phone *"
          value={c.phone}
          onValue={(phone) => set({ phone })}
          error={errors.phone}
        />
        <TextField
          label="Name *"
          value={c.name}
          onChange={(e) => set({ name: e.target.value })}
          error={errors.name}
          autoComplete="off"
          maxLength={100}
        />
      </div>
      {known ? (
        <p className="flex items-center gap-1.5 text-xs text-emerald-700">
          <UserCheck aria-hidden className="size-3.5" />
          Returning customer
          {known.visits ? ` · ${known.visits} visit${known.visits === 1 ? '' : 's'}` : ''}
          {known.last_visit_at ? ` · last on ${formatDate(known.last_visit_at)}` : ''}
        </p>
      ) : null}
      <details className="group" open={!!(c.email || c.address || c.gst_number)}>
        <summary className="cursor-pointer text-sm font-medium text-brand-700">
          Email, address and GST number
        </summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <TextField
            label="Email"
            type="email"
            value={c.email}
            onChange={(e) => set({ email: e.target.value })}
            error={errors.email}
            autoComplete="off"
          />
          <TextField
            label="GST number"
            value={c.gst_number}
            onChange={(e) => set({ gst_number: e.target.value.toUpperCase() })}
            error={errors.gst_number}
            maxLength={15}
            autoComplete="off"
          />
          <div className="sm:col-span-2">
            <TextField
              label="Address"
              value={c.address}
              onChange={(e) => set({ address: e.target.value })}
              error={errors.address}
              maxLength={300}
              autoComplete="off"
            />
          </div>
        </div>
      </details>
    </fieldset>
  );
}

/** Discount (percentage or amount, never negative) and the summary with the GST the total includes. */
export function BillSummary({
  bill,
  gstRegistered,
  discountError,
}: {
  bill: PosBill;
  gstRegistered: boolean;
  discountError?: string;
}) {
  const t = bill.totals;
  const problem = discountError ?? t.discountProblem ?? undefined;
  return (
    <div className="space-y-3">
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <MoneyField
            label={bill.discountType === 'PERCENT' ? 'Discount (%)' : 'Discount (₹)'}
            value={bill.discountText}
            onValue={bill.setDiscountText}
            error={problem}
            placeholder="0"
          />
        </div>
        <fieldset className={`flex rounded-lg border border-slate-300 ${problem ? 'mb-7' : ''}`}>
          <legend className="sr-only">Discount as</legend>
          {DISCOUNT_TYPES.map((d) => (
            <label key={d} className="cursor-pointer">
              <input
                type="radio"
                name="pos-discount-type"
                value={d}
                checked={bill.discountType === d}
                onChange={() => bill.setDiscountType(d)}
                aria-label={d === 'PERCENT' ? 'Percentage' : 'Amount in rupees'}
                className="peer sr-only"
              />
              <span className="block px-3 py-2.5 text-sm font-semibold text-slate-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-brand-500">
                {d === 'PERCENT' ? '%' : '₹'}
              </span>
            </label>
          ))}
        </fieldset>
      </div>
      <dl className="space-y-1.5 text-sm">
        <div className="flex justify-between">
          <dt className="text-slate-600">
            Subtotal ({t.items} item{t.items === 1 ? '' : 's'})
          </dt>
          <dd className="tabular-nums">{paise(t.subtotalPaise)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-slate-600">Discount</dt>
          <dd className="tabular-nums">{t.discountPaise ? `− ${paise(t.discountPaise)}` : paise(0)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-slate-600">
            {gstRegistered
              ? `GST ${bill.taxRate === null ? '(mixed rates)' : `${bill.taxRate}%`} (included)`
              : 'GST (shop not GST-registered)'}
          </dt>
          <dd className="tabular-nums">{paise(t.taxPaise)}</dd>
        </div>
        <div className="flex justify-between border-t border-slate-200 pt-2 text-lg font-bold text-slate-900">
          <dt>Total</dt>
          <dd className="tabular-nums" data-testid="pos-total">
            {paise(t.totalPaise)}
          </dd>
        </div>
      </dl>
    </div>
  );
}

export function CustomerProblem({ message }: { message: string | null }) {
  return message ? <FormAlert>{message}</FormAlert> : null;
}
