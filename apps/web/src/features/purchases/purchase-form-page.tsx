import { BackLink } from '../../components/ui/back-link.tsx';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { FormAlert, SelectField, TextAreaField, TextField } from '../../components/ui/fields.tsx';
import { NoShop } from '../../components/ui/no-shop.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { useParams } from '../../lib/router.tsx';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { OrderLinesEditor } from './order-lines-editor.tsx';
import { ProductSearch } from './product-search.tsx';
import { Panel, purchasesPath, Totals } from './purchase-parts.tsx';
import { type PurchaseOrderDetail, usePurchaseOrder, useSupplierOptions } from './purchases-api.ts';
import { useOrderForm } from './use-order-form.ts';

/** A new purchase order, or a draft edited: supplier, date, lines from the product search, totals as typed. */
export function PurchaseFormPage() {
  const { orderId = '' } = useParams<{ orderId: string }>();
  const { shop, loading } = useSelectedShop();
  const existing = usePurchaseOrder(orderId);
  useDocumentTitle(orderId ? 'Edit purchase order · Admin Panel' : 'New purchase order · Admin Panel');
  if (!shop) return loading ? <PageLoading /> : <NoShop />;
  if (orderId && !existing.data) return existing.isError ? <NoShop /> : <PageLoading />;
  return <OrderForm existing={existing.data ?? null} />;
}

function OrderForm({ existing }: { existing: PurchaseOrderDetail | null }) {
  const f = useOrderForm(existing);
  const suppliers = useSupplierOptions();
  return (
    <div className="mx-auto max-w-5xl space-y-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <BackLink to={existing ? `${purchasesPath}/${existing.id}` : purchasesPath}>
        {existing ? existing.number : 'Purchases'}
      </BackLink>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        {existing ? `Edit ${existing.number}` : 'New purchase order'}
      </h1>
      <form
        noValidate
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          f.submit();
        }}
      >
        <Panel title="Supplier">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <SelectField
              label="Supplier"
              value={f.supplierId}
              onChange={(e) => f.setSupplierId(e.target.value)}
              error={f.errors.supplier_id}
            >
              <option value="">Choose a supplier</option>
              {(suppliers.data ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.company_name} ({s.supplier_name})
                </option>
              ))}
            </SelectField>
            <TextField
              label="Expected on"
              type="date"
              value={f.expectedOn}
              onChange={(e) => f.setExpectedOn(e.target.value)}
              error={f.errors.expected_on}
            />
          </div>
        </Panel>
        <Panel title="Lines">
          <div className="grid grid-cols-1 gap-5 lg:grid-cols-[18rem_minmax(0,1fr)]">
            <ProductSearch onPick={f.add} />
            <OrderLinesEditor f={f} />
          </div>
        </Panel>
        <Panel title="Note and totals">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextAreaField
              label="Note to the supplier"
              value={f.note}
              onChange={(e) => f.setNote(e.target.value)}
            />
            <Totals {...f.totals} />
          </div>
        </Panel>
        {f.problem ? <FormAlert>{f.problem}</FormAlert> : null}
        <div className="flex justify-end">
          <button type="submit" className={buttonStyles.primary} disabled={f.saving}>
            {f.saving ? <Spinner /> : null} {existing ? 'Save changes' : 'Create purchase order'}
          </button>
        </div>
      </form>
    </div>
  );
}
