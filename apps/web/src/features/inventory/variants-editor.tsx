import { MAX_OPTIONS, MAX_VARIANTS } from '@haat/contracts';
import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import { inputClass } from '../../components/ui/fields.tsx';
import { selectClass } from './form-field.tsx';
import {
  newOption,
  type OptionDraft,
  regenerate,
  rowLabel,
  type VariantDefaults,
  type VariantDraft,
} from './variant-drafts.ts';

/** Problems by the path the schema or server names ("variants.1.sku"), and one for the section as a whole. */
export interface VariantErrors {
  message?: string;
  at: Record<string, string>;
}

const small = 'mt-1 block w-full min-w-0';

/** A problem under a field, tied to it by id (aria-describedby). */
function Problem({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <span id={id} role="alert" className="mt-1 block text-xs font-normal text-red-600">
      {text}
    </span>
  ) : null;
}
const iconButton =
  'flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-500';

/** The options of a product (Size: S, M, L) and one row per combination with its own SKU, price and stock. */
export function VariantsEditor({
  options,
  variants,
  images,
  defaults,
  errors,
  onChange,
}: {
  options: OptionDraft[];
  variants: VariantDraft[];
  images: string[];
  defaults: VariantDefaults;
  errors: VariantErrors;
  onChange: (options: OptionDraft[], variants: VariantDraft[]) => void;
}) {
  const uid = useId();
  const setOptions = (next: OptionDraft[]) => onChange(next, regenerate(options, next, variants, defaults));
  const setOption = (i: number, patch: Partial<OptionDraft>) =>
    setOptions(options.map((o, k) => (k === i ? { ...o, ...patch } : o)));
  const setRow = (i: number, patch: Partial<VariantDraft>) =>
    onChange(
      options,
      variants.map((r, k) => (k === i ? { ...r, ...patch } : r)),
    );

  return (
    <div className="space-y-4 sm:col-span-2">
      <p className="text-sm text-slate-600">
        Sizes, colours or pack weights, each with its own SKU, price and stock. Leave empty for a product sold
        as one item.
      </p>
      {options.map((o, i) => (
        <div
          key={o.uid}
          className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[10rem_1fr_auto]"
        >
          <label className="text-sm font-medium text-slate-700">
            Option name
            <input
              value={o.name}
              placeholder={i === 0 ? 'Size' : i === 1 ? 'Colour' : 'Weight'}
              onChange={(e) => setOption(i, { name: e.target.value })}
              aria-invalid={errors.at[`options.${i}.name`] ? true : undefined}
              aria-describedby={`${uid}-o${i}-name`}
              className={`${small} ${inputClass(!!errors.at[`options.${i}.name`])}`}
            />
            <Problem id={`${uid}-o${i}-name`} text={errors.at[`options.${i}.name`]} />
          </label>
          <label className="text-sm font-medium text-slate-700">
            Values, separated by commas
            <input
              value={o.values}
              placeholder={i === 0 ? 'S, M, L, XL' : 'Blue, Maroon'}
              onChange={(e) => setOption(i, { values: e.target.value })}
              aria-invalid={valuesError(errors, i) ? true : undefined}
              aria-describedby={`${uid}-o${i}-values`}
              className={`${small} ${inputClass(!!valuesError(errors, i))}`}
            />
            <Problem id={`${uid}-o${i}-values`} text={valuesError(errors, i)} />
          </label>
          <button
            type="button"
            className={`${iconButton} self-end`}
            aria-label={`Remove option ${o.name || i + 1}`}
            onClick={() => setOptions(options.filter((_, k) => k !== i))}
          >
            <X aria-hidden className="size-4" />
          </button>
        </div>
      ))}
      {options.length < MAX_OPTIONS ? (
        <button
          type="button"
          onClick={() => setOptions([...options, newOption()])}
          className="inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <Plus aria-hidden className="size-4" />
          {options.length ? 'Add another option' : 'Add options like size or colour'}
        </button>
      ) : null}
      <Problem id={`${uid}-all`} text={errors.message} />
      {variants.length ? (
        <VariantRows
          variants={variants}
          images={images}
          errors={errors}
          setRow={setRow}
          remove={(i) =>
            onChange(
              options,
              variants.filter((_, k) => k !== i),
            )
          }
        />
      ) : null}
      <Problem
        id={`${uid}-many`}
        text={
          variants.length > MAX_VARIANTS ? `At most ${MAX_VARIANTS} variants: remove some values` : undefined
        }
      />
    </div>
  );
}

const valuesError = (errors: VariantErrors, i: number) =>
  errors.at[`options.${i}.values`] ??
  Object.entries(errors.at).find(([k]) => k.startsWith(`options.${i}.values.`))?.[1];

/** One card per combination (a grid of fields, so it reads at 360 px as well as on a desktop). */
function VariantRows({
  variants,
  images,
  errors,
  setRow,
  remove,
}: {
  variants: VariantDraft[];
  images: string[];
  errors: VariantErrors;
  setRow: (i: number, patch: Partial<VariantDraft>) => void;
  remove: (i: number) => void;
}) {
  const uid = useId();
  const cell = (
    i: number,
    name: keyof VariantDraft,
    label: string,
    kind: 'text' | 'money' | 'count' = 'text',
  ) => {
    const error = errors.at[`variants.${i}.${name}`];
    const row = variants[i];
    return (
      <label className="text-xs font-medium text-slate-600">
        {label}
        <input
          value={String(row?.[name] ?? '')}
          type={kind === 'text' ? 'text' : 'number'}
          // A variant's HSN code left empty is its product's.
          placeholder={name === 'hsn_code' ? 'Product’s' : undefined}
          min={0}
          step={kind === 'money' ? '0.01' : '1'}
          inputMode={kind === 'text' ? undefined : kind === 'money' ? 'decimal' : 'numeric'}
          aria-label={`${label} of ${row ? rowLabel(row) : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${uid}-${i}-${name}`}
          onChange={(e) => setRow(i, { [name]: e.target.value })}
          className={`${small} ${inputClass(!!error)}`}
        />
        <Problem id={`${uid}-${i}-${name}`} text={error} />
      </label>
    );
  };
  return (
    <ul className="space-y-3" aria-label="Variants">
      {variants.map((r, i) => (
        <li key={r.options.join('|')} className="rounded-lg border border-slate-200 p-3">
          <div className="mb-2 flex items-center justify-between gap-2">
            <p className="font-semibold text-slate-900">{rowLabel(r)}</p>
            <button
              type="button"
              className={iconButton}
              aria-label={`Remove ${rowLabel(r)}`}
              onClick={() => remove(i)}
            >
              <X aria-hidden className="size-4" />
            </button>
          </div>
          <Problem id={`${uid}-${i}-options`} text={errors.at[`variants.${i}.options`]} />
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {cell(i, 'sku', 'SKU')}
            {cell(i, 'barcode', 'Barcode')}
            {cell(i, 'product_price', 'Price (₹)', 'money')}
            {cell(i, 'discount_price', 'Sale price (₹)', 'money')}
            {cell(i, 'original_price', 'Cost price (₹)', 'money')}
            {cell(i, 'product_quantity', 'Stock', 'count')}
            {cell(i, 'low_stock_threshold', 'Min stock', 'count')}
            {cell(i, 'hsn_code', 'HSN code')}
            <label className="text-xs font-medium text-slate-600">
              Image
              <select
                value={r.image}
                onChange={(e) => setRow(i, { image: e.target.value })}
                aria-label={`Image of ${rowLabel(r)}`}
                className={`${small} ${selectClass(false)}`}
              >
                <option value="">Product's first image</option>
                {images.map((url, k) => (
                  <option key={url} value={url}>
                    Image {k + 1}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </li>
      ))}
    </ul>
  );
}
