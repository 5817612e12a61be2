import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { FieldControl } from './form-field.tsx';
import { Field } from './form-field.tsx';
import { ImagePicker } from './image-picker.tsx';
import { Section } from './product-form-parts.tsx';
import type { ProductField, ProductFormValues } from './product-form-values.ts';
import type { VariantErrors } from './variants-editor.tsx';

type Build = (
  name: ProductField,
  opts?: { step?: string; placeholder?: string; readOnly?: boolean },
) => (c: FieldControl) => React.ReactNode;

/** Shipping charge, free shipping, weight and dimensions. */
export function ShippingSection({
  register,
  number,
  text,
  values,
  errors,
}: {
  register: UseFormRegister<ProductFormValues>;
  number: Build;
  text: Build;
  values: ProductFormValues;
  errors: FieldErrors<ProductFormValues>;
}) {
  return (
    <Section title="Shipping">
      <Field label="Shipping (₹)" required error={errors.shipping_charge?.message}>
        {number('shipping_charge', { placeholder: '0.00', readOnly: values.free_shipping })}
      </Field>
      <div className="flex items-end pb-3">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            {...register('free_shipping')}
            className="size-4 rounded border-slate-300 accent-brand-600"
          />
          Free shipping
        </label>
      </div>
      <Field label="Weight (kg)" error={errors.weight?.message}>
        {number('weight', { step: 'any', placeholder: '0.5' })}
      </Field>
      <Field label="Dimensions" error={errors.dimensions?.message}>
        {text('dimensions', { placeholder: '30 x 20 x 10 cm' })}
      </Field>
    </Section>
  );
}

/** Colour, warranty, tags and the product's images. */
export function MoreDetailsSection({
  text,
  errors,
  images,
  onBusyChange,
  setImages,
  getImages,
}: {
  text: Build;
  errors: FieldErrors<ProductFormValues>;
  images: string[];
  onBusyChange: (busy: boolean) => void;
  setImages: (images: string[]) => void;
  getImages: () => string[];
}) {
  return (
    <Section title="More details">
      <Field label="Color" error={errors.color?.message}>
        {text('color')}
      </Field>
      <Field label="Warranty" error={errors.warranty?.message}>
        {text('warranty', { placeholder: '1 year, or best before date' })}
      </Field>
      <Field label="Tags" error={errors.tags?.message} hint="Separate with commas, at most 10">
        {text('tags', { placeholder: 'Diwali, brass, gift' })}
      </Field>
      <div className="sm:col-span-2">
        <ImagePicker
          images={images}
          error={errors.images?.message}
          onBusyChange={onBusyChange}
          onAdd={(url) => setImages([...getImages(), url])}
          onRemove={(url) => setImages(getImages().filter((u) => u !== url))}
        />
      </div>
    </Section>
  );
}

/** The variants' problems from the form's check or the server, by the path each names. */
export function variantErrors(errors: FieldErrors<ProductFormValues>): VariantErrors {
  const e = errors.variants as { message?: string; types?: Record<string, unknown> } | undefined;
  const at: Record<string, string> = {};
  for (const [path, message] of Object.entries(e?.types ?? {}))
    if (typeof message === 'string') at[path] = message;
  // A problem with one field is shown at that field; one about the whole list above it.
  const general =
    e?.message && !Object.keys(at).some((k) => k !== 'variants' && k !== 'options' && at[k] === e.message);
  return { message: general ? e?.message : undefined, at };
}
