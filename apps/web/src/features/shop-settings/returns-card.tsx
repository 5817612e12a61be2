import { RETURN_DAYS_MAX, shopSettingsBody, shopSettingsIssues } from '@haat/contracts';
import { useId } from 'react';
import { FieldShell } from '../../components/ui/fields.tsx';
import { useQueryClient } from '../../lib/query.ts';
import { numberOr, numberText, schemaResolver } from './form-support.ts';
import {
  type SettingsInput,
  type ShopSettings,
  settingsApi,
  settingsKeys,
  useShopSettings,
} from './settings-api.ts';
import { SettingsForm, useSettingsForm } from './settings-form.tsx';
import { CardState, inputClass, SettingsCard, Toggle } from './settings-ui.tsx';

interface PolicyValues {
  return_days: string;
  warranty_text: string;
  secure_checkout_note: boolean;
  free_returns_note: boolean;
}
const FIELDS = ['return_days', 'warranty_text', 'secure_checkout_note', 'free_returns_note'] as const;

const initial = (s: ShopSettings): PolicyValues => ({
  return_days: numberText(s.return_days),
  warranty_text: s.warranty_text ?? '',
  secure_checkout_note: s.secure_checkout_note,
  free_returns_note: s.free_returns_note,
});

const policyBody = (v: PolicyValues) => ({
  return_days: numberOr(v.return_days, null),
  warranty_text: v.warranty_text,
  secure_checkout_note: v.secure_checkout_note,
  free_returns_note: v.free_returns_note,
});

const resolver = schemaResolver<PolicyValues, SettingsInput>(
  (b) => shopSettingsBody.safeParse(b),
  policyBody,
  (v) =>
    shopSettingsIssues({
      payment_methods: [],
      upi_id: null,
      return_days: numberOr(v.return_days, null),
      free_returns_note: v.free_returns_note,
    }),
);

function usePolicyForm(slug: string, settings: ShopSettings) {
  const queryClient = useQueryClient();
  return useSettingsForm<PolicyValues, SettingsInput, ShopSettings>({
    defaultValues: initial(settings),
    resolver,
    fields: FIELDS,
    save: (body) => settingsApi.saveSettings(slug, body),
    onSaved: (saved, form) => {
      queryClient.setQueryData(settingsKeys.settings(slug), saved);
      form.reset(initial(saved));
    },
    saved: (saved) => ({
      title: 'Returns and warranty saved',
      description: saved.return_days ? `${saved.return_days}-day returns` : 'No returns',
    }),
    failure: 'Returns and warranty could not be saved',
  });
}

function PolicyForm({ slug, settings }: { slug: string; settings: ShopSettings }) {
  const id = useId();
  const state = usePolicyForm(slug, settings);
  const { errors } = state;
  const { register } = state.form;

  return (
    <SettingsForm
      label="Returns and warranty"
      state={state}
      saveLabel="Save returns & warranty"
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <FieldShell
          label="Return days"
          error={errors.return_days?.message}
          hint={`0 to ${RETURN_DAYS_MAX}. Blank: no returns.`}
        >
          {(c) => (
            <input
              {...c}
              {...register('return_days')}
              type="number"
              inputMode="numeric"
              min={0}
              max={RETURN_DAYS_MAX}
              step={1}
              placeholder="7"
              className={`mt-1.5 ${inputClass(!!errors.return_days)}`}
            />
          )}
        </FieldShell>
        <FieldShell
          label="Warranty"
          error={errors.warranty_text?.message}
          hint="Shown on every product page. Blank: none."
        >
          {(c) => (
            <textarea
              {...c}
              {...register('warranty_text')}
              rows={3}
              maxLength={300}
              placeholder="1-year brand warranty on electronics"
              className={`mt-1.5 ${inputClass(!!errors.warranty_text)}`}
            />
          )}
        </FieldShell>
      </div>
      <div className="space-y-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
        <Toggle
          id={`${id}-secure`}
          label="Secure Checkout note"
          hint="Tells shoppers at checkout that their details are safe."
          error={errors.secure_checkout_note?.message}
          {...register('secure_checkout_note')}
        />
        <Toggle
          id={`${id}-free-returns`}
          label="Free Returns note"
          hint="Promises free returns within your return days at checkout."
          error={errors.free_returns_note?.message}
          {...register('free_returns_note')}
        />
      </div>
    </SettingsForm>
  );
}

/** Return and warranty terms (product pages) and the notes checkout shows. */
export function ReturnsCard({ slug }: { slug: string }) {
  const settings = useShopSettings(slug);
  return (
    <SettingsCard
      id="returns"
      title="Returns & warranty"
      description="Product pages show your return days and warranty; checkout shows the notes you turn on."
    >
      <CardState loading={settings.isPending} error={settings.isError} onRetry={() => settings.refetch()} />
      {settings.data ? <PolicyForm slug={slug} settings={settings.data} /> : null}
    </SettingsCard>
  );
}
