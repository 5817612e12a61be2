import { supplierBody } from '@haat/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Control, Controller, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { phoneDigits } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { useQueryClient } from '../../lib/query.ts';
import { Field, FormProblem, inputClass } from './form-field.tsx';
import {
  inventoryApi,
  inventoryKeys,
  type Supplier,
  type SupplierInput,
  useShopSlug,
} from './inventory-api.ts';

type SupplierValues = Required<SupplierInput>;
const EMPTY: SupplierValues = {
  supplier_name: '',
  company_name: '',
  supplier_contact: '',
  supplier_email: '',
  supplier_address: '',
  supplier_gst_number: '',
};
const FIELDS = Object.keys(EMPTY) as (keyof SupplierValues)[];

/** Keeps the caret where it was while a field's text is uppercased as typed. */
export function upperCaseInput(el: HTMLInputElement) {
  const upper = el.value.toUpperCase();
  if (upper === el.value) return;
  const start = el.selectionStart;
  const end = el.selectionEnd;
  el.value = upper;
  if (start !== null && end !== null) el.setSelectionRange(start, end);
}

/** The new supplier's form: the schema checks it as typed, the server's field problems land on their fields. */
function useSupplierForm(onSaved: (s: Supplier) => void) {
  const slug = useShopSlug();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<SupplierInput, unknown, SupplierInput>({
    defaultValues: EMPTY,
    // raw: the inputs go to the server as typed (it parses them with the same schema).
    resolver: zodResolver(supplierBody, undefined, { raw: true }),
  });

  const { setError, setFocus } = form;
  const submit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      const saved = await inventoryApi.addSupplier(slug, body);
      queryClient.setQueryData<Supplier[]>(inventoryKeys.suppliers(slug), (list) =>
        list ? [...list.filter((s) => s.id !== saved.id), saved] : [saved],
      );
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.suppliers(slug) });
      onSaved(saved);
    } catch (err) {
      const issues = err instanceof ApiError ? (err.envelope?.error.issues ?? []) : [];
      let first: keyof SupplierValues | null = null;
      for (const issue of issues) {
        const field = issue.path.split('.')[0] as keyof SupplierValues;
        if (!FIELDS.includes(field)) continue;
        setError(field, { type: 'server', message: issue.message });
        first ??= field;
      }
      if (first) setFocus(first);
      else {
        setProblem(err instanceof ApiError ? err.message : 'The supplier could not be saved');
      }
    }
  });

  return { form, submit, problem };
}

function SupplierForm({ onSaved, onCancel }: { onSaved: (s: Supplier) => void; onCancel: () => void }) {
  const { form, submit, problem } = useSupplierForm(onSaved);
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Supplier Name" required error={errors.supplier_name?.message}>
          {(c) => (
            <input
              {...c}
              {...register('supplier_name')}
              data-autofocus
              autoComplete="name"
              className={`mt-1.5 ${inputClass(!!errors.supplier_name)}`}
            />
          )}
        </Field>
        <Field label="Company Name" required error={errors.company_name?.message}>
          {(c) => (
            <input
              {...c}
              {...register('company_name')}
              autoComplete="organization"
              className={`mt-1.5 ${inputClass(!!errors.company_name)}`}
            />
          )}
        </Field>
        <PhoneField control={control} error={errors.supplier_contact?.message} />
        <Field label="Email" error={errors.supplier_email?.message}>
          {(c) => (
            <input
              {...c}
              {...register('supplier_email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              className={`mt-1.5 ${inputClass(!!errors.supplier_email)}`}
            />
          )}
        </Field>
        <GstField
          registration={register('supplier_gst_number')}
          error={errors.supplier_gst_number?.message}
        />
        <Field label="Address" error={errors.supplier_address?.message} className="sm:col-span-2">
          {(c) => (
            <textarea
              {...c}
              {...register('supplier_address')}
              rows={2}
              autoComplete="street-address"
              className={`mt-1.5 ${inputClass(!!errors.supplier_address)}`}
            />
          )}
        </Field>
      </div>
      <FormProblem>{problem}</FormProblem>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} className={buttonStyles.secondary}>
          Cancel
        </button>
        <button
          type="submit"
          disabled={isSubmitting}
          aria-busy={isSubmitting}
          className={buttonStyles.primary}
        >
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? 'Saving...' : 'Save Supplier'}
        </button>
      </div>
    </form>
  );
}

function PhoneField({ control, error }: { control: Control<SupplierInput>; error: string | undefined }) {
  return (
    <Field label="Phone Number" required error={error} hint="10-digit mobile number">
      {(c) => (
        <Controller
          control={control}
          name="supplier_contact"
          render={({ field }) => (
            <input
              {...c}
              ref={field.ref}
              name={field.name}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(e) => field.onChange(phoneDigits(e.target.value))}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder="98765 43210"
              className={`mt-1.5 ${inputClass(!!error)}`}
            />
          )}
        />
      )}
    </Field>
  );
}

/** The GSTIN, in capitals as it is typed. */
function GstField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <Field
      label="GST Number"
      error={error}
      hint="15 characters, like 27ABCDE1234F1Z5"
      className="sm:col-span-2"
    >
      {(c) => {
        const reg = registration;
        return (
          <input
            {...c}
            {...reg}
            onChange={(e) => {
              upperCaseInput(e.target);
              return reg.onChange(e);
            }}
            maxLength={15}
            autoCapitalize="characters"
            spellCheck={false}
            className={`mt-1.5 font-mono uppercase ${inputClass(!!error)}`}
          />
        );
      }}
    </Field>
  );
}

/** Add New Supplier (02 §2): saving adds the supplier, hands it back (the product form selects it) and closes. */
export function SupplierDialog({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: (s: Supplier) => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Add New Supplier" size="max-w-2xl">
      <SupplierForm onSaved={onSaved} onCancel={onClose} />
    </Dialog>
  );
}
