/** The Add/Update Product form's first sections: product, price and tax, stock, variants, and its footer. */
import { Plus } from 'lucide-react';
import { Controller } from 'react-hook-form';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { CategorySelect } from './category-select.tsx';
import { Field, type FieldControl, inputClass, selectClass } from './form-field.tsx';
import { type AdminProduct, useSuppliers, useUnits } from './inventory-api.ts';
import { Section, StockReasonField, UnitSelect } from './product-form-parts.tsx';
import { variantErrors } from './product-form-sections.tsx';
import { upperCaseInput } from './supplier-dialog.tsx';
import type { ProductFormState } from './use-product-form.ts';
import { VariantsEditor } from './variants-editor.tsx';

type Props = { state: ProductFormState };

export function ProductSection({ state, onAddSupplier }: Props & { onAddSupplier: () => void }) {
  const { form, errors, inputs } = state;
  const { register } = form;
  return (
    <Section title="Product">
      <Field label="Product Name" required error={errors.product_name?.message} className="sm:col-span-2">
        {(c) => (
          <input
            {...c}
            {...register('product_name')}
            data-autofocus
            autoComplete="off"
            className={`mt-1.5 ${inputClass(!!errors.product_name)}`}
          />
        )}
      </Field>
      <Field
        label="SKU"
        required
        error={errors.sku?.message}
        hint="Letters, digits and . _ / - (saved in capitals)"
      >
        {(c) => <SkuInput control={c} state={state} />}
      </Field>
      <Field label="Barcode" error={errors.barcode?.message}>
        {inputs.text('barcode', { placeholder: 'EAN or UPC' })}
      </Field>
      <Field label="Category" required error={errors.category_id?.message}>
        {(c) => (
          <Controller
            control={form.control}
            name="category_id"
            render={({ field }) => (
              <CategorySelect
                control={c}
                value={field.value}
                onChange={(id) => field.onChange(id)}
                onBlur={field.onBlur}
                selectRef={field.ref}
                invalid={!!errors.category_id}
              />
            )}
          />
        )}
      </Field>
      <Field label="Supplier" error={errors.supplier_id?.message}>
        {(c) => <SupplierSelect control={c} state={state} onAddSupplier={onAddSupplier} />}
      </Field>
      <Field label="Brand" error={errors.brand?.message}>
        {inputs.text('brand')}
      </Field>
      <Field label="Serial number" error={errors.product_serial_no?.message}>
        {inputs.text('product_serial_no')}
      </Field>
      <Field label="Description" error={errors.product_description?.message} className="sm:col-span-2">
        {(c) => (
          <textarea
            {...c}
            {...register('product_description')}
            rows={3}
            className={`mt-1.5 ${inputClass(!!errors.product_description)}`}
          />
        )}
      </Field>
    </Section>
  );
}

function SkuInput({ control, state }: Props & { control: FieldControl }) {
  const reg = state.form.register('sku');
  return (
    <input
      {...control}
      {...reg}
      onChange={(e) => {
        upperCaseInput(e.target);
        return reg.onChange(e);
      }}
      placeholder="PROD-001-2024"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      className={`mt-1.5 font-mono ${inputClass(!!state.errors.sku)}`}
    />
  );
}

function SupplierSelect({
  control,
  state,
  onAddSupplier,
}: Props & { control: FieldControl; onAddSupplier: () => void }) {
  const suppliers = useSuppliers();
  return (
    <>
      <Controller
        control={state.form.control}
        name="supplier_id"
        render={({ field }) => (
          <select
            {...control}
            ref={field.ref}
            name={field.name}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            className={`mt-1.5 ${selectClass(!!state.errors.supplier_id)}`}
          >
            <option value="">{suppliers.isPending ? 'Loading suppliers..' : 'No supplier'}</option>
            {(suppliers.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.supplier_name} ({s.company_name})
              </option>
            ))}
          </select>
        )}
      />
      <button
        type="button"
        onClick={onAddSupplier}
        className="mt-1.5 inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <Plus aria-hidden className="size-4" />
        Add New Supplier
      </button>
    </>
  );
}

export function PriceSection({ state }: Props) {
  const { errors, inputs, form } = state;
  return (
    <Section title="Price and tax">
      <Field label="Cost Price (₹)" required error={errors.original_price?.message}>
        {inputs.number('original_price', { placeholder: '0.00' })}
      </Field>
      <Field
        label="Selling Price (₹)"
        required
        error={errors.product_price?.message}
        warning={state.belowCost}
      >
        {inputs.number('product_price', { placeholder: '0.00' })}
      </Field>
      <Field
        label="Sale price (₹)"
        error={errors.discount_price?.message}
        hint="Optional lower price shown to shoppers"
      >
        {inputs.number('discount_price', { placeholder: '0.00' })}
      </Field>
      <Field
        label="GST %"
        required
        error={errors.tax_percentage?.message}
        hint="A GST rate: 0, 5, 12, 18, 28 or 40"
      >
        {inputs.number('tax_percentage', { step: 'any' })}
      </Field>
      <Field label="HSN code" error={errors.hsn_code?.message} hint="4, 6 or 8 digits">
        {(c) => (
          <input
            {...c}
            {...form.register('hsn_code')}
            inputMode="numeric"
            maxLength={8}
            autoComplete="off"
            className={`mt-1.5 ${inputClass(!!errors.hsn_code)}`}
          />
        )}
      </Field>
    </Section>
  );
}

export function StockSection({ state, product }: Props & { product: AdminProduct | null }) {
  const { errors, inputs, form, values, sized } = state;
  const { units } = useUnits();
  const unitOptions = units.includes(values.unit) || !values.unit ? units : [...units, values.unit];
  const variantStock = values.variants.reduce((n, r) => n + (Number(r.product_quantity) || 0), 0);
  return (
    <Section title="Stock">
      <UnitSelect control={form.control} options={unitOptions} error={errors.unit?.message} />
      {sized ? null : (
        <Field label="Stock Qty" required error={errors.product_quantity?.message}>
          {inputs.number('product_quantity', { step: '1', placeholder: '0' })}
        </Field>
      )}
      <Field
        label="Min Stock"
        required
        error={errors.low_stock_threshold?.message}
        hint="Alert when stock falls to this"
      >
        {inputs.number('low_stock_threshold', { step: '1', placeholder: '5' })}
      </Field>
      <Field label="Max Stock" error={errors.max_stock?.message} hint="What the shelf holds">
        {inputs.number('max_stock', { step: '1' })}
      </Field>
      <Field
        label="Reorder Point"
        error={errors.reorder_point?.message}
        hint="Buy more when stock falls to this"
      >
        {inputs.number('reorder_point', { step: '1' })}
      </Field>
      <Field label="Location" error={errors.location?.message}>
        {inputs.text('location', { placeholder: 'Shelf, rack or store room' })}
      </Field>
      {state.askReason ? (
        <StockReasonField
          register={form.register}
          error={errors.stock_reason?.message}
          from={product?.product_quantity ?? 0}
          to={sized ? String(variantStock) : values.product_quantity}
        />
      ) : null}
    </Section>
  );
}

export function VariantsSection({ state }: Props) {
  const { values, form } = state;
  return (
    <Section title="Variants">
      <VariantsEditor
        options={values.options}
        variants={values.variants}
        images={values.images}
        defaults={{
          sku: values.sku,
          price: values.product_price,
          cost: values.original_price,
          threshold: values.low_stock_threshold,
        }}
        errors={variantErrors(state.errors)}
        onChange={(options, variants) => {
          form.setValue('options', options, { shouldDirty: true });
          form.setValue('variants', variants, { shouldDirty: true });
        }}
      />
    </Section>
  );
}

/** Cancel and Save, kept in view at the dialog's foot; the save waits for image uploads. */
export function FormActions({ state, onCancel }: Props & { onCancel: () => void }) {
  const { isSubmitting, uploading } = state;
  return (
    <div className="sticky bottom-0 -mx-5 -mb-5 flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-white px-5 py-3 sm:-mx-7 sm:-mb-7 sm:px-7 sm:py-4">
      {uploading ? (
        <p role="status" className="w-full text-sm text-slate-600 sm:mr-auto sm:w-auto">
          Uploading images..
        </p>
      ) : null}
      <button
        type="button"
        onClick={onCancel}
        className={`${buttonStyles.secondary} flex-1 px-3 whitespace-nowrap sm:flex-none sm:px-5`}
      >
        Cancel
      </button>
      <button
        type="submit"
        disabled={isSubmitting || uploading}
        aria-busy={isSubmitting || undefined}
        className={`${buttonStyles.primary} flex-1 px-3 whitespace-nowrap sm:flex-none sm:px-5`}
      >
        {isSubmitting ? <Spinner /> : null}
        {isSubmitting ? 'Saving...' : 'Save Product'}
      </button>
    </div>
  );
}
