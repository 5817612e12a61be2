import type { ReactNode } from 'react';
import { type Control, Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { ApiError } from '../../lib/api.ts';
import { Field, type FieldControl, inputClass, selectClass } from './form-field.tsx';
import type { ProductBody } from './inventory-api.ts';
import type { ProductField, ProductFormContext, ProductFormValues } from './product-form-values.ts';

/** Pieces of the Add/Update Product form: its sections, input builders, the unit select and the stock reason. */

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <legend className="float-left mb-3 w-full text-sm font-bold tracking-wide text-slate-900 uppercase">
        {title}
      </legend>
      <div className="clear-left grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** Text and number inputs bound to the form, marked invalid when their field has an error. */
export function inputBuilders(
  register: UseFormRegister<ProductFormValues>,
  errors: FieldErrors<ProductFormValues>,
) {
  const text = (name: ProductField, extra: { placeholder?: string; autoComplete?: string } = {}) => {
    const error = errors[name]?.message;
    return (c: FieldControl) => (
      <input
        {...c}
        {...register(name)}
        autoComplete={extra.autoComplete ?? 'off'}
        placeholder={extra.placeholder}
        className={`mt-1.5 ${inputClass(!!error)}`}
      />
    );
  };
  const number = (
    name: ProductField,
    opts: { step?: string; placeholder?: string; readOnly?: boolean } = {},
  ) => {
    const error = errors[name]?.message;
    return (c: FieldControl) => (
      <input
        {...c}
        {...register(name)}
        type="number"
        min={0}
        step={opts.step ?? '0.01'}
        inputMode={opts.step === '1' ? 'numeric' : 'decimal'}
        placeholder={opts.placeholder}
        readOnly={opts.readOnly}
        className={`mt-1.5 ${inputClass(!!error)}`}
      />
    );
  };
  return { text, number };
}

export function UnitSelect({
  control,
  options,
  error,
}: {
  control: Control<ProductFormValues, ProductFormContext, ProductBody>;
  options: string[];
  error?: string;
}) {
  return (
    <Field label="Unit" required error={error}>
      {(c) => (
        <Controller
          control={control}
          name="unit"
          render={({ field }) => (
            <select
              {...c}
              ref={field.ref}
              name={field.name}
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
              className={`mt-1.5 ${selectClass(!!error)}`}
            >
              {options.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </select>
          )}
        />
      )}
    </Field>
  );
}

const STOCK_REASONS = [
  'Stock received',
  'Stock count correction',
  'Damaged or expired',
  'Returned to supplier',
];

/** Asked when an edit changes the stock: the reason goes into the stock history. */
export function StockReasonField({
  register,
  error,
  from,
  to,
}: {
  register: UseFormRegister<ProductFormValues>;
  error?: string;
  from: number;
  to: string;
}) {
  return (
    <Field
      label="Reason for stock change"
      required
      error={error}
      hint={`Stock goes from ${from} to ${to}. The reason is kept in the stock history.`}
      className="sm:col-span-2"
    >
      {(c) => (
        <>
          <input
            {...c}
            {...register('stock_reason')}
            list={`${c.id}-reasons`}
            autoComplete="off"
            maxLength={300}
            className={`mt-1.5 ${inputClass(!!error)}`}
          />
          <datalist id={`${c.id}-reasons`}>
            {STOCK_REASONS.map((r) => (
              <option key={r} value={r} />
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}

/**
 * A failed save as the form shows it: the server's field errors for the fields it has, and otherwise one
 * message for the whole form (the server's, or the fallback).
 */
export function serverProblems(err: unknown, known: ProductField[], fallback: string) {
  const issues = err instanceof ApiError ? (err.envelope?.error.issues ?? []) : [];
  const fields: [ProductField, string][] = [];
  const other: string[] = [];
  for (const issue of issues) {
    const field = issue.path.split('.')[0] as ProductField;
    if (known.includes(field)) fields.push([field, issue.message]);
    else other.push(issue.message);
  }
  const problem = fields.length
    ? null
    : (other[0] ?? (err instanceof ApiError && err.message ? err.message : fallback));
  return { fields, problem };
}

/** The server's problems with options and variants, by their full path ("variants.1.sku"). */
export function variantPaths(err: unknown): [string, string][] {
  const issues = err instanceof ApiError ? (err.envelope?.error.issues ?? []) : [];
  return issues
    .filter((i) => i.path.startsWith('options') || i.path.startsWith('variants'))
    .map((i) => [i.path, i.message]);
}
