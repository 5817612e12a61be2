import type { AuditEvent } from '@haat/contracts';
import { formatAmount } from '../../lib/format.ts';

/** Field names that read better as other words than their own (issue 42: "Stock 12 → 10"). */
const LABELS: Record<string, string> = {
  quantity: 'Stock',
  sku: 'SKU',
  cost: 'Cost price',
  category_id: 'Category',
  supplier_id: 'Supplier',
  payment_status: 'Payment',
  gst_number: 'GST number',
  gstin: 'GSTIN',
  hsn_code: 'HSN code',
  utr: 'UTR',
  url: 'URL',
  tracking_url: 'Tracking URL',
  ship_name: 'Ship to name',
  ship_phone: 'Ship to phone',
  ship_line1: 'Address line 1',
  ship_line2: 'Address line 2',
  ship_city: 'City',
  ship_state: 'State',
  ship_postal_code: 'PIN code',
  min_order: 'Minimum order',
  from: 'From',
};

/** Fields that hold rupees (the API's audit rows store money as rupees, e.g. price 749). */
const MONEY = new Set(['price', 'sale_price', 'cost', 'mrp', 'amount', 'total', 'min_order', 'max_discount']);
const isMoney = (field: string) =>
  MONEY.has(field) || /(_price|_amount|_charge|_fee|_total|_rupees)$/.test(field);

/** A field's name in words: "sale_price" → "Sale price". */
export function fieldLabel(field: string): string {
  const known = LABELS[field];
  if (known) return known;
  const words = field.replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Fields holding a code word such as a status or a role; other text (codes, tracking numbers) stays as typed. */
const isWord = (field: string) => /(^|_)(status|role|kind|method|type|reason|decision)$/.test(field);
/** A status field's "SHIPPED" → "Shipped", "CASH_ON_DELIVERY" → "Cash on delivery"; other text as it is. */
const wordsOf = (field: string, s: string) =>
  isWord(field) && /^[A-Z]+(_[A-Z]+)*$/.test(s)
    ? s.charAt(0) + s.slice(1).toLowerCase().replaceAll('_', ' ')
    : s;

const number = (n: number) => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(n);

/** A stored value in words: "—" for nothing, Yes/No, ₹ for money, lists and objects as short text, never JSON. */
export function valueText(field: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'number') return isMoney(field) ? formatAmount(v) : number(v);
  if (typeof v === 'string') {
    const n = Number(v);
    if (isMoney(field) && v.trim() !== '' && Number.isFinite(n)) return formatAmount(n);
    return wordsOf(field, v);
  }
  if (Array.isArray(v)) return v.length ? v.map((x) => valueText(field, x)).join(', ') : '—';
  if (typeof v === 'object') {
    const parts = Object.entries(v as Record<string, unknown>).map(
      ([k, x]) => `${fieldLabel(k)}: ${valueText(k, x)}`,
    );
    return parts.length ? parts.join(', ') : '—';
  }
  return String(v);
}

export interface FieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields a row changed, in words; fields whose value stayed the same are left out. */
export function changesOf(e: Pick<AuditEvent, 'before' | 'after'>): FieldChange[] {
  const before = e.before ?? {};
  const after = e.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changes: FieldChange[] = [];
  for (const f of fields) {
    if (e.before && e.after && same(before[f], after[f])) continue;
    const b = valueText(f, before[f]);
    const a = valueText(f, after[f]);
    if (e.before && e.after && a === b) continue;
    changes.push({ field: f, label: fieldLabel(f), before: b, after: a });
  }
  return changes;
}

/** A row that says something changed while every value before equals the one after: noise to hide. */
export const nothingChanged = (e: Pick<AuditEvent, 'before' | 'after'>) =>
  !!e.before && !!e.after && changesOf(e).length === 0;
