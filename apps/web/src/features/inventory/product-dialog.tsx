import { Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatINR } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { CategorySelect } from './category-select.tsx';
import { Field, FormProblem, inputClass, selectClass } from './form-field.tsx';
import {
  type AdminProduct,
  inventoryApi,
  type ProductBody,
  useRefreshShop,
  useShopSlug,
  useSuppliers,
  useUnits,
} from './inventory-api.ts';
import {
  inputBuilders,
  Section,
  StockReasonField,
  serverProblems,
  UnitSelect,
  variantPaths,
} from './product-form-parts.tsx';
import { MoreDetailsSection, ShippingSection, variantErrors } from './product-form-sections.tsx';
import {
  hasVariants,
  initialValues,
  type ProductField,
  type ProductFormContext,
  type ProductFormValues,
  productResolver,
  stockChanged,
} from './product-form-values.ts';
import { SupplierDialog, upperCaseInput } from './supplier-dialog.tsx';
import { VariantsEditor } from './variants-editor.tsx';

const FIELDS = Object.keys(initialValues(null)) as ProductField[];
function ProductForm({
  product,
  onSaved,
  onCancel,
}: {
  product: AdminProduct | null;
  onSaved: (p: AdminProduct) => void;
  onCancel: () => void;
}) {
  const slug = useShopSlug();
  const refresh = useRefreshShop();
  const { units } = useUnits();
  const suppliers = useSuppliers();
  const [supplierOpen, setSupplierOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormValues, ProductFormContext, ProductBody>({
    defaultValues: initialValues(product),
    resolver: productResolver,
    context: { original: product },
  });

  const values = watch();
  const cost = Number(values.original_price);
  const selling = Number(values.product_price);
  const belowCost =
    values.original_price.trim() !== '' && values.product_price.trim() !== '' && selling < cost
      ? `Selling below cost: you lose ${formatINR(cost - selling, { paise: true })} on each sale.`
      : null;
  const askReason = stockChanged(values, product);
  const sized = hasVariants(values);
  const unitOptions = units.includes(values.unit) || !values.unit ? units : [...units, values.unit];

  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);

  const submit = handleSubmit(async (body) => {
    setProblem(null);
    try {
      const saved = product
        ? await inventoryApi.update(slug, product.id, body)
        : await inventoryApi.create(slug, body);
      toast.success(product ? 'Product updated' : 'Product added', { description: saved.product_name });
      void refresh();
      onSaved(saved);
    } catch (err) {
      const { fields, problem } = serverProblems(
        err,
        FIELDS,
        product ? 'Failed to update product' : 'Failed to save product',
      );
      for (const [field, message] of fields) setError(field, { type: 'server', message });
      // Problems of one option or variant keep their path, so each shows at its own field.
      const nested = Object.fromEntries(variantPaths(err));
      const first = Object.values(nested)[0];
      if (first) setError('variants', { type: 'server', message: first, types: nested });
      const focus = fields[0]?.[0];
      if (focus && focus !== 'images' && focus !== 'options' && focus !== 'variants') setFocus(focus);
      // Said inside the dialog, next to the form.
      setProblem(problem);
    }
  });

  const { text, number } = inputBuilders(register, errors);

  return (
    <>
      <form onSubmit={submit} noValidate className="space-y-5" aria-busy={isSubmitting || undefined}>
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
            {(c) => {
              const reg = register('sku');
              return (
                <input
                  {...c}
                  {...reg}
                  onChange={(e) => {
                    upperCaseInput(e.target);
                    return reg.onChange(e);
                  }}
                  placeholder="PROD-001-2024"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  className={`mt-1.5 font-mono ${inputClass(!!errors.sku)}`}
                />
              );
            }}
          </Field>
          <Field label="Barcode" error={errors.barcode?.message}>
            {text('barcode', { placeholder: 'EAN or UPC' })}
          </Field>
          <Field label="Category" required error={errors.category_id?.message}>
            {(c) => (
              <Controller
                control={control}
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
            {(c) => (
              <>
                <Controller
                  control={control}
                  name="supplier_id"
                  render={({ field }) => (
                    <select
                      {...c}
                      ref={field.ref}
                      name={field.name}
                      value={field.value}
                      onChange={(e) => field.onChange(e.target.value)}
                      onBlur={field.onBlur}
                      className={`mt-1.5 ${selectClass(!!errors.supplier_id)}`}
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
                  onClick={() => setSupplierOpen(true)}
                  className="mt-1.5 inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  <Plus aria-hidden className="size-4" />
                  Add New Supplier
                </button>
              </>
            )}
          </Field>
          <Field label="Brand" error={errors.brand?.message}>
            {text('brand')}
          </Field>
          <Field label="Serial number" error={errors.product_serial_no?.message}>
            {text('product_serial_no')}
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

        <Section title="Price and tax">
          <Field label="Cost Price (₹)" required error={errors.original_price?.message}>
            {number('original_price', { placeholder: '0.00' })}
          </Field>
          <Field label="Selling Price (₹)" required error={errors.product_price?.message} warning={belowCost}>
            {number('product_price', { placeholder: '0.00' })}
          </Field>
          <Field
            label="Sale price (₹)"
            error={errors.discount_price?.message}
            hint="Optional lower price shown to shoppers"
          >
            {number('discount_price', { placeholder: '0.00' })}
          </Field>
          <Field label="GST %" required error={errors.tax_percentage?.message} hint="For example 12 or 18">
            {number('tax_percentage', { step: 'any' })}
          </Field>
          <Field label="HSN code" error={errors.hsn_code?.message} hint="4 to 8 digits">
            {(c) => (
              <input
                {...c}
                {...register('hsn_code')}
                inputMode="numeric"
                maxLength={8}
                autoComplete="off"
                className={`mt-1.5 ${inputClass(!!errors.hsn_code)}`}
              />
            )}
          </Field>
        </Section>

        <Section title="Stock">
          <UnitSelect control={control} options={unitOptions} error={errors.unit?.message} />
          {sized ? null : (
            <Field label="Stock Qty" required error={errors.product_quantity?.message}>
              {number('product_quantity', { step: '1', placeholder: '0' })}
            </Field>
          )}
          <Field
            label="Min Stock"
            required
            error={errors.low_stock_threshold?.message}
            hint="Alert when stock falls to this"
          >
            {number('low_stock_threshold', { step: '1', placeholder: '5' })}
          </Field>
          <Field label="Location" error={errors.location?.message}>
            {text('location', { placeholder: 'Shelf, rack or store room' })}
          </Field>
          {askReason ? (
            <StockReasonField
              register={register}
              error={errors.stock_reason?.message}
              from={product?.product_quantity ?? 0}
              to={
                sized
                  ? String(values.variants.reduce((n, r) => n + (Number(r.product_quantity) || 0), 0))
                  : values.product_quantity
              }
            />
          ) : null}
        </Section>

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
            errors={variantErrors(errors)}
            onChange={(options, variants) => {
              setValue('options', options, { shouldDirty: true });
              setValue('variants', variants, { shouldDirty: true });
            }}
          />
        </Section>

        <ShippingSection register={register} number={number} text={text} values={values} errors={errors} />
        <MoreDetailsSection
          text={text}
          errors={errors}
          images={values.images}
          onBusyChange={onBusyChange}
          setImages={(images) => setValue('images', images, { shouldDirty: true })}
          getImages={() => getValues('images')}
        />

        <FormProblem>{problem}</FormProblem>

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
      </form>
      {/* Outside the product form: a form may not hold another, and its submit must not reach this one. */}
      <SupplierDialog
        open={supplierOpen}
        onClose={() => setSupplierOpen(false)}
        onSaved={(s) => {
          setValue('supplier_id', s.id, { shouldDirty: true, shouldValidate: true });
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
