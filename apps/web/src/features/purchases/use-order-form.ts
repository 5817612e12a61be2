import { purchaseOrderBody, purchaseTotals, rupeesToPaise } from '@haat/contracts';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { type FieldErrors, serverFieldErrors, validate } from '../../lib/form-errors.ts';
import { useNavigate } from '../../lib/router.tsx';
import { toast } from '../../lib/toast.ts';
import { orderPath } from './purchase-parts.tsx';
import {
  type PurchaseOrderDetail,
  type PurchaseProduct,
  purchasesApi,
  usePurchaseWrite,
} from './purchases-api.ts';

/** A line as the form holds it: the variant, and what was typed for quantity, cost and GST rate. */
export interface DraftLine {
  variant_id: string;
  name: string;
  variant_label: string | null;
  sku: string | null;
  quantity: string;
  unit_cost: string;
  tax_percentage: string;
}

const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));

export const lineFromProduct = (p: PurchaseProduct): DraftLine => ({
  variant_id: p.variant_id,
  name: p.name,
  variant_label: p.variant_label,
  sku: p.sku,
  quantity: '1',
  unit_cost: p.unit_cost == null ? '' : String(p.unit_cost),
  tax_percentage: String(p.tax_percentage),
});

const lineFromOrder = (l: PurchaseOrderDetail['lines'][number]): DraftLine => ({
  variant_id: l.variant_id,
  name: l.name,
  variant_label: l.variant_label,
  sku: l.sku,
  quantity: String(l.quantity),
  unit_cost: String(l.unit_cost),
  tax_percentage: String(l.tax_percentage),
});

/** The totals as the server will compute them (the same function), for the lines typed so far. */
export function liveTotals(lines: DraftLine[]) {
  const t = purchaseTotals(
    lines.map((l) => ({
      quantity: Number.isFinite(num(l.quantity)) ? Math.max(0, Math.trunc(num(l.quantity))) : 0,
      unitCostPaise: Number.isFinite(num(l.unit_cost)) ? Math.max(0, rupeesToPaise(num(l.unit_cost))) : 0,
      taxPercent: Number.isFinite(num(l.tax_percentage)) ? num(l.tax_percentage) : 0,
    })),
  );
  return { taxable: t.taxablePaise / 100, tax: t.taxPaise / 100, total: t.totalPaise / 100 };
}

/** The new or edited order's fields, its lines, and saving it (fields the server refuses shown beside them). */
export function useOrderForm(existing: PurchaseOrderDetail | null) {
  const navigate = useNavigate();
  const save = usePurchaseWrite((slug, body: ReturnType<typeof bodyOf>) =>
    purchasesApi.save(slug, existing?.id ?? null, body),
  );
  const [supplierId, setSupplierId] = useState('');
  const [expectedOn, setExpectedOn] = useState('');
  const [note, setNote] = useState('');
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!existing) return;
    setSupplierId(existing.supplier.id);
    setExpectedOn(existing.expected_on ?? '');
    setNote(existing.note ?? '');
    setLines(existing.lines.map(lineFromOrder));
  }, [existing]);

  const bodyOf = () => ({
    supplier_id: supplierId,
    expected_on: expectedOn || null,
    note: note || null,
    lines: lines.map((l) => ({
      variant_id: l.variant_id,
      quantity: num(l.quantity),
      unit_cost: l.unit_cost.trim() === '' ? undefined : num(l.unit_cost),
      tax_percentage: num(l.tax_percentage),
    })),
  });
  const add = (p: PurchaseProduct) =>
    setLines((ls) => (ls.some((l) => l.variant_id === p.variant_id) ? ls : [...ls, lineFromProduct(p)]));
  const change = (i: number, patch: Partial<DraftLine>) =>
    setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const remove = (i: number) => setLines((ls) => ls.filter((_, j) => j !== i));
  const submit = () => {
    const body = bodyOf();
    const checked = validate(purchaseOrderBody.safeParse(body));
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    setProblem(null);
    save.mutate(body, {
      onSuccess: (o) => {
        toast.success(existing ? `${o.number} saved` : `${o.number} created`);
        navigate(orderPath(o.id));
      },
      onError: (err) => {
        const fields = serverFieldErrors(err);
        if (Object.keys(fields).length) setErrors(fields);
        setProblem(err instanceof ApiError ? err.message : 'The purchase order could not be saved.');
      },
    });
  };
  return {
    ...{ supplierId, setSupplierId, expectedOn, setExpectedOn, note, setNote },
    ...{ lines, add, change, remove, errors, problem, submit, saving: save.isPending },
    totals: liveTotals(lines),
  };
}
export type OrderForm = ReturnType<typeof useOrderForm>;
