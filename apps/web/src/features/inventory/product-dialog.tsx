import { useState } from 'react';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormProblem } from './form-field.tsx';
import type { AdminProduct } from './inventory-api.ts';
import {
  FormActions,
  PriceSection,
  ProductSection,
  StockSection,
  VariantsSection,
} from './product-form-fields.tsx';
import { MoreDetailsSection, ShippingSection } from './product-form-sections.tsx';
import { SupplierDialog } from './supplier-dialog.tsx';
import { useProductForm } from './use-product-form.ts';

/** The Add/Update Product form: its sections over one form hook (use-product-form.ts). */
export function ProductForm({
  product,
  onSaved,
  onCancel,
}: {
  product: AdminProduct | null;
  onSaved: (p: AdminProduct) => void;
  onCancel: () => void;
}) {
  const state = useProductForm(product, onSaved);
  const { form, values, errors, inputs } = state;
  const [supplierOpen, setSupplierOpen] = useState(false);
  return (
    <>
      <form
        onSubmit={state.submit}
        noValidate
        className="space-y-5"
        aria-busy={state.isSubmitting || undefined}
      >
        <ProductSection state={state} onAddSupplier={() => setSupplierOpen(true)} />
        <PriceSection state={state} />
        <StockSection state={state} product={product} />
        <VariantsSection state={state} />
        <ShippingSection
          register={form.register}
          number={inputs.number}
          text={inputs.text}
          values={values}
          errors={errors}
        />
        <MoreDetailsSection
          text={inputs.text}
          errors={errors}
          images={values.images}
          onBusyChange={state.onBusyChange}
          setImages={(images) => form.setValue('images', images, { shouldDirty: true })}
          getImages={() => form.getValues('images')}
        />
        <FormProblem>{state.problem}</FormProblem>
        <FormActions state={state} onCancel={onCancel} />
      </form>
      {/* Outside the product form: a form may not hold another, and its submit must not reach this one. */}
      <SupplierDialog
        open={supplierOpen}
        onClose={() => setSupplierOpen(false)}
        onSaved={(s) => {
          form.setValue('supplier_id', s.id, { shouldDirty: true, shouldValidate: true });
          setSupplierOpen(false);
        }}
      />
    </>
  );
}

/** Add Product and Update Product (02 §2): the same form; the dialog closes after a successful save. */
export function ProductDialog({
  open,
  product,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The product to update; null adds a new one. */
  product: AdminProduct | null;
  onClose: () => void;
  onSaved?: (p: AdminProduct) => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={product ? 'Update Product' : 'Add Product'}
      description={
        product ? `${product.product_name} · ${product.sku ?? 'No SKU'}` : 'Fields marked * are required.'
      }
      size="max-w-3xl"
    >
      <ProductForm
        key={product?.id ?? 'new'}
        product={product}
        onCancel={onClose}
        onSaved={(p) => {
          onSaved?.(p);
          onClose();
        }}
      />
    </Dialog>
  );
}
