/** The product page's Supplier tab: who supplies it (linked to their account) and its last goods receipts. */
import { formatPhone } from '@haat/contracts/phone';
import type { ReactNode } from 'react';
import { formatAmount, formatDate } from '../../lib/format.ts';
import { Link } from '../../lib/router.tsx';
import { type AdminProduct, useProductReceipts, useSuppliers } from './inventory-api.ts';

/** The supplier's account in Purchases: balance, bills, payments and statement. */
const accountPath = (supplierId: string) => `/purchases/suppliers?supplier=${encodeURIComponent(supplierId)}`;
/** A receipt against a purchase order is on that order's page; one without an order on its supplier's account. */
const receiptPath = (g: { purchase_order_id: string | null; supplier: { id: string } }) =>
  g.purchase_order_id ? `/purchases/${encodeURIComponent(g.purchase_order_id)}` : accountPath(g.supplier.id);
const LAST = 5;
const linkStyle = 'font-medium text-brand-700 underline-offset-2 hover:underline';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">
        {children ?? <span className="text-slate-500">Not added</span>}
      </dd>
    </div>
  );
}

function SupplierFacts({ p }: { p: AdminProduct }) {
  const suppliers = useSuppliers();
  if (!p.supplier_id) {
    return (
      <p className="text-sm text-slate-600">
        No supplier added for this product. Edit the product to choose one.
      </p>
    );
  }
  const s = suppliers.data?.find((x) => x.id === p.supplier_id);
  if (!s && suppliers.isPending) return <p className="text-sm text-slate-500">Loading supplier..</p>;
  const name = s?.company_name || s?.supplier_name || p.supplier?.supplier_name;
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      <Fact label="Company">
        {name ? (
          <Link to={accountPath(p.supplier_id)} className={linkStyle} title="The supplier's account">
            {name}
          </Link>
        ) : null}
      </Fact>
      <Fact label="Supplier name">{s?.supplier_name ?? p.supplier?.supplier_name ?? null}</Fact>
      <Fact label="Contact number">{s?.supplier_contact ? formatPhone(s.supplier_contact) : null}</Fact>
      <Fact label="Email">{s?.supplier_email || null}</Fact>
      <Fact label="Address">{s?.supplier_address || null}</Fact>
      <Fact label="GST number">
        {s?.supplier_gst_number ? <span className="font-mono">{s.supplier_gst_number}</span> : null}
      </Fact>
    </dl>
  );
}

/** The product's last goods receipts: date, GRN (linked), supplier, quantity received and its cost. */
function LastReceipts({ p }: { p: AdminProduct }) {
  const receipts = useProductReceipts(p.id);
  const rows = (receipts.data ?? [])
    .slice(0, LAST)
    .flatMap((g) =>
      g.lines
        .filter((l) => l.product_id === p.id)
        .map((l) => ({ g, l, label: l.variant_label ? ` (${l.variant_label})` : '' })),
    );
  return (
    <section aria-labelledby="last-receipts" className="mt-6">
      <h3 id="last-receipts" className="text-sm font-semibold text-slate-900">
        Last goods received
      </h3>
      {receipts.isPending ? (
        <p className="mt-2 text-sm text-slate-500">Loading receipts..</p>
      ) : receipts.isError ? (
        <p className="mt-2 text-sm text-slate-600">The goods receipts could not be loaded.</p>
      ) : rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No goods received for this product yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="product-receipts">
          {rows.map(({ g, l, label }) => (
            <li key={l.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
              <span className="min-w-0">
                <Link to={receiptPath(g)} className={linkStyle}>
                  {g.number}
                </Link>{' '}
                <span className="text-slate-600">
                  · {formatDate(g.received_at)} · {g.supplier.company_name || g.supplier.supplier_name}
                  {g.purchase_order_number ? ` · ${g.purchase_order_number}` : ''}
                </span>
              </span>
              <span className="tabular-nums text-slate-900">
                +{l.quantity} {p.unit}
                {label} at {formatAmount(l.unit_cost)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function SupplierTab({ p }: { p: AdminProduct }) {
  return (
    <div>
      <SupplierFacts p={p} />
      <LastReceipts p={p} />
    </div>
  );
}
