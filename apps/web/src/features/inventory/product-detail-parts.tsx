/** The product page's parts: its photos, quick stats and the tabs (overview, inventory, supplier, history). */
import { ImageOff } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { formatAmount, formatDate } from '../../lib/format.ts';
import { useSearchParams } from '../../lib/router.tsx';
import { useCan } from '../../lib/shop-role.ts';
import { ChangeLog } from '../audit-trail/index.ts';
import type { AdminProduct } from './inventory-api.ts';
import { StockBadge } from './stock-badge.tsx';
import { StockHistory } from './stock-history.tsx';
import { SupplierTab } from './supplier-tab.tsx';
import { VariantStock } from './variant-stock.tsx';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'inventory', label: 'Inventory' },
  { id: 'supplier', label: 'Supplier' },
  { id: 'history', label: 'History' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const money = (n: number | null | undefined) => (n == null ? null : formatAmount(n));
const qty = new Intl.NumberFormat('en-IN');

/** A fact of the detail page: missing values read "Not added" (02 §2). */
function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
          <dd className="mt-0.5 text-sm break-words text-slate-900">
            {value === null || value === undefined || value === '' ? (
              <span className="text-slate-500">Not added</span>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function Gallery({ p }: { p: AdminProduct }) {
  const [index, setIndex] = useState(0);
  const main = p.images[index] ?? p.images[0];
  if (!main) {
    return (
      <div className="flex aspect-square flex-col items-center justify-center gap-2 rounded-xl bg-slate-100 text-sm text-slate-500 ring-1 ring-slate-200">
        <ImageOff aria-hidden className="size-8" />
        No images added
      </div>
    );
  }
  return (
    <div>
      <img
        src={main}
        alt={`${p.product_name}, view ${index + 1} of ${p.images.length}`}
        className="aspect-square w-full rounded-xl bg-white object-contain ring-1 ring-slate-200"
      />
      {p.images.length > 1 ? (
        <ul className="mt-2 grid grid-cols-5 gap-2">
          {p.images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show image ${i + 1}`}
                aria-pressed={i === index}
                className={`block aspect-square w-full overflow-hidden rounded-lg ring-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${
                  i === index ? 'ring-brand-600' : 'ring-transparent hover:ring-slate-300'
                }`}
              >
                <img src={src} alt="" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function QuickStats({ p }: { p: AdminProduct }) {
  const stats: [string, string][] = [
    ['Current stock', `${qty.format(p.product_quantity)} ${p.unit}`],
    ['Selling price', money(p.product_price) ?? ''],
    // Profit on one unit at the selling price (02 §2 Quick Stats), with its margin.
    [
      'Profit per unit',
      p.original_price == null
        ? 'No cost price'
        : `${money((Math.round(p.product_price * 100) - Math.round(p.original_price * 100)) / 100)}${p.profit_margin == null ? '' : ` (${p.profit_margin.toFixed(1)}%)`}`,
    ],
    ['Units sold', qty.format(p.units_sold)],
    ['Stock value', money(p.stock_value) ?? ''],
  ];
  return (
    <section
      aria-labelledby="quick-stats"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="quick-stats" className="text-sm font-semibold text-slate-900">
        Quick Stats
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        {stats.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="mt-0.5 text-lg font-bold break-words text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The tab in the address (?tab=), and the arrow, Home and End keys between tabs. */
function useTabs() {
  const [params, setParams] = useSearchParams();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current: TabId = TABS.some((t) => t.id === params.get('tab'))
    ? (params.get('tab') as TabId)
    : 'overview';
  const select = (tab: TabId) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (tab === 'overview') next.delete('tab');
        else next.set('tab', tab);
        return next;
      },
      { replace: true },
    );
  const onKey = (e: KeyboardEvent, i: number) => {
    const to =
      e.key === 'ArrowRight'
        ? (i + 1) % TABS.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + TABS.length) % TABS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? TABS.length - 1
              : -1;
    const tab = TABS[to];
    if (!tab) return;
    e.preventDefault();
    select(tab.id);
    refs.current[to]?.focus();
  };
  return { current, select, onKey, refs };
}

function OverviewTab({ p }: { p: AdminProduct }) {
  return (
    <div className="space-y-6">
      <Facts
        items={[
          ['Category', p.category?.name],
          ['Brand', p.brand],
          ['Barcode', p.barcode],
          ['Serial number', p.product_serial_no],
          ['Weight', p.weight == null ? null : `${p.weight} kg`],
          ['Dimensions', p.dimensions],
          ['Color', p.color],
          ['Warranty', p.warranty],
          ['Location', p.location],
          ['HSN code', p.hsn_code],
          [
            'Tags',
            p.tags.length ? (
              <ul key="t" className="flex flex-wrap gap-1.5" aria-label="Tags">
                {p.tags.map((t) => (
                  <li
                    key={t}
                    className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700"
                  >
                    {t}
                  </li>
                ))}
              </ul>
            ) : null,
          ],
          ['Date added', formatDate(p.created_at)],
          ['Status', p.status === 'ARCHIVED' ? 'Archived (hidden from the shop)' : 'Active'],
        ]}
      />
      <div>
        <h2 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Description</h2>
        {p.product_description ? (
          <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{p.product_description}</p>
        ) : (
          <p className="mt-1 text-sm text-slate-500">Not added</p>
        )}
      </div>
    </div>
  );
}

function InventoryTab({ p }: { p: AdminProduct }) {
  const margin = p.profit_margin == null ? null : `${p.profit_margin.toFixed(1)}%`;
  return (
    <Facts
      items={[
        ['Current stock', `${qty.format(p.product_quantity)} ${p.unit}`],
        ['Unit', p.unit],
        ['Minimum stock', `${qty.format(p.low_stock_threshold)} ${p.unit}`],
        ['Maximum stock', p.max_stock == null ? null : `${qty.format(p.max_stock)} ${p.unit}`],
        ['Reorder point', p.reorder_point == null ? null : `${qty.format(p.reorder_point)} ${p.unit}`],
        ['Stock status', <StockBadge key="s" status={p.stock_status} />],
        ['Stock value (at selling price)', money(p.stock_value)],
        ['Stock value (at cost)', money(p.stock_cost_value)],
        ['Cost price', money(p.original_price)],
        ['Selling price', money(p.product_price)],
        ['Sale price', money(p.discount_price)],
        [
          'Shoppers pay now',
          p.price_now_reason === 'DEAL'
            ? `${money(p.price_now)} (deal: ${p.live_deal?.title ?? ''})`
            : p.price_now_reason === 'SALE'
              ? `${money(p.price_now)} (sale price)`
              : `${money(p.price_now)} (selling price)`,
        ],
        ['Profit margin', margin],
        ['Profit on units sold', money(p.total_profit)],
        ['GST', `${p.tax_percentage}%`],
        ['Shipping', p.free_shipping ? 'Free shipping' : money(p.shipping_charge)],
      ]}
    />
  );
}

export function Tabs({ p }: { p: AdminProduct }) {
  // The History tab reads the audit trail's records of this product too, for people who may read the trail.
  const canAudit = useCan('audit');
  const base = useId();
  const { current, select, onKey, refs } = useTabs();

  return (
    <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div
        role="tablist"
        aria-label="Product details"
        className="flex overflow-x-auto border-b border-slate-200 px-2"
      >
        {TABS.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-${t.id}-tab`}
            aria-selected={current === t.id}
            aria-controls={`${base}-${t.id}-panel`}
            tabIndex={current === t.id ? 0 : -1}
            onClick={() => select(t.id)}
            onKeyDown={(e) => onKey(e, i)}
            className={`-mb-px flex-1 shrink-0 border-b-2 px-1 py-3 text-sm font-semibold focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 sm:flex-none sm:px-4 ${
              current === t.id
                ? 'border-brand-600 text-brand-700'
                : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-${current}-panel`}
        aria-labelledby={`${base}-${current}-tab`}
        className="p-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 sm:p-6"
      >
        {current === 'overview' ? <OverviewTab p={p} /> : null}
        {current === 'inventory' ? <InventoryTab p={p} /> : null}
        {current === 'inventory' ? <VariantStock variants={p.variants} unit={p.unit} /> : null}
        {current === 'overview' || current === 'inventory' ? null : current === 'supplier' ? (
          <SupplierTab p={p} />
        ) : (
          <div className="space-y-5">
            {canAudit ? <ChangeLog entityId={p.id} title="Changes to this product" /> : null}
            <StockHistory productId={p.id} unit={p.unit} variants={p.variants} />
          </div>
        )}
      </div>
    </section>
  );
}
