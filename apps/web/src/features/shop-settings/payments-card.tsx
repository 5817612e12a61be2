import { shopSettingsBody, shopSettingsIssues } from '@haat/contracts';
import { useId } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { FieldError, FieldShell } from '../../components/ui/fields.tsx';
import { useQueryClient } from '../../lib/query.ts';
import { schemaResolver } from './form-support.ts';
import {
  type SettingsInput,
  type ShopSettings,
  settingsApi,
  settingsKeys,
  useShopSettings,
} from './settings-api.ts';
import { SettingsForm, useSettingsForm } from './settings-form.tsx';
import { CardState, inputClass, SettingsCard } from './settings-ui.tsx';

interface PaymentValues {
  cod: boolean;
  upi: boolean;
  upi_id: string;
}
const FIELDS = ['payment_methods', 'upi_id'] as const;

const initial = (s: ShopSettings): PaymentValues => ({
  cod: s.payment_methods.includes('COD'),
  upi: s.payment_methods.includes('UPI'),
  upi_id: s.upi_id ?? '',
});

const paymentBody = (v: PaymentValues) => ({
  payment_methods: [...(v.cod ? ['COD'] : []), ...(v.upi ? ['UPI'] : [])],
  upi_id: v.upi ? v.upi_id : null,
});

const resolver = schemaResolver<PaymentValues, SettingsInput>(
  (b) => shopSettingsBody.safeParse(b),
  paymentBody,
  (v) =>
    shopSettingsIssues({
      payment_methods: paymentBody(v).payment_methods,
      upi_id: v.upi_id.trim() || null,
      return_days: null,
      free_returns_note: false,
    }),
);

function usePaymentsForm(slug: string, settings: ShopSettings) {
  const queryClient = useQueryClient();
  return useSettingsForm<PaymentValues, SettingsInput, ShopSettings>({
    defaultValues: initial(settings),
    resolver,
    fields: FIELDS,
    save: (body) => settingsApi.saveSettings(slug, body),
    onSaved: (saved, form) => {
      queryClient.setQueryData(settingsKeys.settings(slug), saved);
      form.reset(initial(saved));
    },
    saved: (saved) => ({
      title: 'Payment methods saved',
      description: saved.payment_methods.map((m) => (m === 'COD' ? 'Cash on Delivery' : 'UPI')).join(' and '),
    }),
    failure: 'Payment methods could not be saved',
  });
}

function PaymentsForm({ slug, settings }: { slug: string; settings: ShopSettings }) {
  const id = useId();
  const state = usePaymentsForm(slug, settings);
  const { errors } = state;
  const { register } = state.form;
  const upi = state.form.watch('upi');

  // The schema's field (payment_methods) is made of two checkboxes here, so its error has no input of its own.
  const methodsError = (errors as FieldErrors<{ payment_methods: string }>).payment_methods?.message;
  return (
    <SettingsForm label="Payments" state={state} saveLabel="Save payments" className="space-y-4">
      <fieldset aria-describedby={methodsError ? `${id}-methods-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">Payment methods shoppers can use</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          <label className="flex items-start gap-3 rounded-xl p-3 ring-1 ring-slate-200 has-checked:bg-brand-50 has-checked:ring-brand-300">
            <input
              type="checkbox"
              {...register('cod')}
              aria-labelledby={`${id}-cod`}
              aria-describedby={`${id}-cod-note`}
              className="mt-0.5 size-4 shrink-0 accent-brand-600"
            />
            <span className="text-sm">
              <span id={`${id}-cod`} className="block font-semibold text-slate-900">
                Cash on Delivery
              </span>
              <span id={`${id}-cod-note`} className="text-slate-600">
                Shoppers pay in cash when the order arrives.
              </span>
            </span>
          </label>
          <label className="flex items-start gap-3 rounded-xl p-3 ring-1 ring-slate-200 has-checked:bg-brand-50 has-checked:ring-brand-300">
            <input
              type="checkbox"
              {...register('upi')}
              aria-labelledby={`${id}-upi`}
              aria-describedby={`${id}-upi-note`}
              className="mt-0.5 size-4 shrink-0 accent-brand-600"
            />
            <span className="text-sm">
              <span id={`${id}-upi`} className="block font-semibold text-slate-900">
                UPI
              </span>
              <span id={`${id}-upi-note`} className="text-slate-600">
                Shoppers pay to your UPI id with any UPI app; you confirm each payment.
              </span>
            </span>
          </label>
        </div>
        <FieldError id={`${id}-methods-error`} error={methodsError} />
      </fieldset>
      {upi ? (
        <div className="max-w-md">
          <FieldShell
            label="UPI id"
            error={errors.upi_id?.message}
            hint="Your merchant UPI id, like shopname@okaxis."
          >
            {(c) => (
              <input
                {...c}
                {...register('upi_id')}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="shopname@okaxis"
                className={`mt-1.5 ${inputClass(!!errors.upi_id)}`}
              />
            )}
          </FieldShell>
        </div>
      ) : null}
    </SettingsForm>
  );
}

/** Payment methods: Cash on Delivery and UPI with the shop's UPI id. */
export function PaymentsCard({ slug }: { slug: string }) {
  const settings = useShopSettings(slug);
  return (
    <SettingsCard
      id="payments"
      title="Payments"
      description="Checkout lists these; UPI shows a payment link and QR code for the exact amount."
    >
      <CardState loading={settings.isPending} error={settings.isError} onRetry={() => settings.refetch()} />
      {settings.data ? <PaymentsForm slug={slug} settings={settings.data} /> : null}
    </SettingsCard>
  );
}
