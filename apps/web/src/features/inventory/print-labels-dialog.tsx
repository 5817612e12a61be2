import { LABELS_PER_SHEET, MAX_LABEL_COPIES, MAX_LABELS } from '@haat/contracts';
import { Printer } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { SelectField, TextField } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { fetchFile, saveBlob } from '../../lib/download.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { toast } from '../../lib/toast.ts';
import { FormProblem } from './form-field.tsx';
import { type AdminProduct, inventoryApi, useRefreshShop, useShopSlug } from './inventory-api.ts';

const count = new Intl.NumberFormat('en-IN');
const plural = (n: number, one: string, many = `${one}s`) => `${count.format(n)} ${n === 1 ? one : many}`;

/** What gets a label: the product sold as one item, or each of its variants. */
function labelItems(p: AdminProduct) {
  return p.options.length
    ? p.variants.map((v) => ({ id: v.id, label: v.label ?? v.sku ?? '', barcode: v.barcode }))
    : [{ id: '', label: p.product_name, barcode: p.barcode }];
}

/**
 * Print barcode labels (issue 14): copies of each item on A4 sheets of 24 labels. Items without a barcode get an
 * internal one first (POST product/{id}/barcodes/); the PDF then opens in a new tab to print, the tab opened at
 * the click so no popup blocker stops it (downloaded instead when there is no tab).
 */
export function PrintLabelsDialog({
  product,
  open,
  onClose,
}: {
  product: AdminProduct;
  open: boolean;
  onClose: () => void;
}) {
  const [variantId, setVariantId] = useState('');
  const [copies, setCopies] = useState(String(LABELS_PER_SHEET));

  const items = labelItems(product);
  const chosen = variantId ? items.filter((i) => i.id === variantId) : items;
  const missing = chosen.filter((i) => !i.barcode);
  const n = Number(copies);
  const valid = copies.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= MAX_LABEL_COPIES;
  const total = valid ? n * chosen.length : 0;
  const copiesError = !valid
    ? `Enter a whole number from 1 to ${MAX_LABEL_COPIES}`
    : total > MAX_LABELS
      ? `At most ${count.format(MAX_LABELS)} labels at once: choose fewer or one variant`
      : undefined;

  const close = () => {
    setProblem(null);
    onClose();
  };
  const { busy, problem, setProblem, printLabels } = usePrintLabels(product, close);

  const print = (e: FormEvent) => {
    e.preventDefault();
    if (copiesError || busy) return;
    void printLabels({ copies: n, variantId, assign: missing.length > 0 });
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Print barcode labels"
      description={`A4 sheets of ${LABELS_PER_SHEET} labels (3 × 8, 63.5 × 33.9 mm): name, price and barcode.`}
      size="max-w-md"
    >
      <form onSubmit={print} noValidate className="space-y-4">
        {product.options.length ? (
          <SelectField label="Variants" value={variantId} onChange={(e) => setVariantId(e.target.value)}>
            <option value="">All {plural(items.length, 'variant')}</option>
            {items.map((i) => (
              <option key={i.id} value={i.id}>
                {i.label}
                {i.barcode ? '' : ' (no barcode yet)'}
              </option>
            ))}
          </SelectField>
        ) : null}
        <TextField
          label={chosen.length > 1 ? 'Labels of each variant' : 'Labels'}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_LABEL_COPIES}
          value={copies}
          onChange={(e) => setCopies(e.target.value)}
          error={copiesError}
          hint={`${plural(total, 'label')} on ${plural(Math.ceil(total / LABELS_PER_SHEET), 'sheet')}`}
          data-autofocus
        />
        {missing.length ? (
          <MissingBarcodes missing={missing.length} variants={product.options.length > 0} />
        ) : null}
        <FormProblem>{problem}</FormProblem>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={close} className={buttonStyles.secondary}>
            Cancel
          </button>
          <button
            type="submit"
            disabled={busy || !!copiesError}
            aria-busy={busy || undefined}
            className={buttonStyles.primary}
          >
            {busy ? <Spinner /> : <Printer aria-hidden className="size-4" />}
            {missing.length > 1
              ? 'Assign barcodes and print'
              : missing.length
                ? 'Assign a barcode and print'
                : 'Print labels'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * Makes the labels' PDF: items without a barcode get one first; the tab is opened at the click so no popup blocker
 * stops it (the PDF is downloaded instead when there is no tab).
 */
function usePrintLabels(product: AdminProduct, onDone: () => void) {
  const slug = useShopSlug();
  const { session } = useSession();
  const refresh = useRefreshShop();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const printLabels = async ({
    copies,
    variantId,
    assign,
  }: {
    copies: number;
    variantId: string;
    assign: boolean;
  }) => {
    setBusy(true);
    setProblem(null);
    const tab = window.open('', '_blank');
    try {
      if (assign) {
        const { assigned } = await inventoryApi.assignBarcodes(slug, product.id);
        if (assigned.length) {
          toast.success(assigned.length === 1 ? 'Barcode assigned' : `${assigned.length} barcodes assigned`, {
            description: 'In-store EAN-13 codes starting 20, saved on the product',
          });
        }
        void refresh();
      }
      const query = new URLSearchParams({ copies: String(copies) });
      if (variantId) query.set('variant_id', variantId);
      const { blob, name } = await fetchFile(
        `/api/admin/product/${encodeURIComponent(product.id)}/labels.pdf?${query}`,
        { token: session?.accessToken, storeOrigin: slug, silent: true },
      );
      const pdf = new Blob([blob], { type: 'application/pdf' });
      if (tab) tab.location.href = URL.createObjectURL(pdf);
      else saveBlob(pdf, name ?? 'labels.pdf');
      onDone();
    } catch (err) {
      tab?.close();
      setProblem(err instanceof ApiError && err.message ? err.message : 'The labels could not be made');
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, setProblem, printLabels };
}

function MissingBarcodes({ missing, variants }: { missing: number; variants: boolean }) {
  return (
    <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
      {missing === 1 && !variants
        ? 'This product has no barcode yet.'
        : `${plural(missing, 'variant')} ${missing === 1 ? 'has' : 'have'} no barcode yet.`}{' '}
      Printing gives {missing === 1 ? 'it' : 'each'} an in-store EAN-13 (starting 20), saved on the product,
      so the counter can scan it.
    </p>
  );
}
