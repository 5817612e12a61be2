import {
  COD_CONFIRM_HOURS_DEFAULT,
  type CodConfirmMode,
  type CodSettings,
  type CodSettingsBody,
  codSettingsBody,
  parsePinList,
} from '@haat/contracts';
import { ApiError } from '../../lib/api.ts';
import { useQuery, useQueryClient } from '../../lib/query.ts';
import { adminCall, adminKey } from '../../lib/selected-shop.tsx';
import { BlockedStatesField, ConfirmationFields, OrderValueFields, PinCodesField } from './cod-fields.tsx';
import { schemaResolver } from './form-support.ts';
import { SettingsForm, useSettingsForm } from './settings-form.tsx';
import { CardState, SettingsCard } from './settings-ui.tsx';

const codKey = (slug: string) => adminKey(slug, 'settings', 'cod');
const codApi = {
  get: (slug: string, signal?: AbortSignal) =>
    adminCall<CodSettings>(slug, '/cod-setting/', { signal, silent: true }),
  save: (slug: string, body: CodSettingsBody) =>
    adminCall<CodSettings>(slug, '/cod-setting/', { method: 'PUT', body, silent: true }),
};

/** The form as typed: amounts and hours as text, PIN codes as one list (pasted or from a CSV file). */
export interface CodValues {
  min_order: string;
  max_order: string;
  fee: string;
  pins: string;
  blocked_states: string[];
  confirm_mode: CodConfirmMode;
  confirm_above: string;
  confirm_hours: string;
}
const FIELDS = [
  'min_order',
  'max_order',
  'fee',
  'pins',
  'blocked_states',
  'confirm_mode',
  'confirm_above',
  'confirm_hours',
] as const;

const text = (n: number | null) => (n === null ? '' : String(n));
const initial = (s: CodSettings): CodValues => ({
  min_order: text(s.min_order),
  max_order: text(s.max_order),
  fee: s.fee ? String(s.fee) : '',
  pins: s.blocked_pins.join('\n'),
  blocked_states: s.blocked_states,
  confirm_mode: s.confirm_mode,
  confirm_above: text(s.confirm_above),
  confirm_hours: String(s.confirm_hours || COD_CONFIRM_HOURS_DEFAULT),
});
/** Empty is "no limit"; anything else must be a number (the schema names what is wrong). */
const amount = (s: string) => (s.trim() === '' ? null : Number(s.replace(/[₹,\s]/g, '')));

const codBody = (v: CodValues) => ({
  min_order: amount(v.min_order),
  max_order: amount(v.max_order),
  blocked_pins: parsePinList(v.pins).pins,
  blocked_states: v.blocked_states,
  fee: amount(v.fee) ?? 0,
  confirm_mode: v.confirm_mode,
  confirm_above: v.confirm_mode === 'ABOVE' ? amount(v.confirm_above) : null,
  confirm_hours: Number(v.confirm_hours),
});

const resolver = schemaResolver<CodValues, CodSettingsBody>(
  (b) => codSettingsBody.safeParse(b),
  codBody,
  (v) => parsePinList(v.pins).problems.map((p) => ({ path: 'pins', message: p.message })),
);

/** The COD rules' form state: the settings form over the contracts' COD schema; bad PIN codes go under the list. */
function useCodForm(slug: string, settings: CodSettings) {
  const queryClient = useQueryClient();
  return useSettingsForm<CodValues, CodSettingsBody, CodSettings>({
    defaultValues: initial(settings),
    resolver,
    fields: FIELDS,
    save: (body) => codApi.save(slug, body),
    onSaved: (saved, form) => {
      queryClient.setQueryData(codKey(slug), saved);
      form.reset(initial(saved));
    },
    saved: (saved) => ({
      title: 'Cash on delivery rules saved',
      description: `${saved.blocked_pins.length} PIN codes and ${saved.blocked_states.length} states without COD`,
    }),
    failure: 'Cash on delivery rules could not be saved',
    // A bad PIN code comes back as blocked_pins.N: shown under the list, one line each.
    onFailure: (err, form) => {
      const issues = err instanceof ApiError ? (err.envelope?.error.issues ?? []) : [];
      const pinIssues = issues.filter((i) => i.path.startsWith('blocked_pins'));
      if (pinIssues.length)
        form.setError('pins', { type: 'server', message: pinIssues.map((i) => i.message).join('; ') });
      return pinIssues.length > 0;
    },
  });
}

function CodForm({ slug, settings }: { slug: string; settings: CodSettings }) {
  const state = useCodForm(slug, settings);
  return (
    <SettingsForm label="Cash on delivery rules" state={state} saveLabel="Save COD rules">
      {settings.enabled ? null : (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          Cash on Delivery is turned off in Payments: these rules apply once you turn it on.
        </p>
      )}
      <OrderValueFields form={state.form} />
      <PinCodesField form={state.form} />
      <BlockedStatesField form={state.form} />
      <ConfirmationFields form={state.form} />
    </SettingsForm>
  );
}

/** Cash on delivery rules: where and for which order values COD is offered, its fee, and confirmation. */
export function CodCard({ slug }: { slug: string }) {
  const cod = useQuery({
    queryKey: codKey(slug),
    queryFn: ({ signal }) => codApi.get(slug, signal),
    enabled: !!slug,
  });
  return (
    <SettingsCard
      id="cod"
      title="Cash on delivery"
      description="Limit COD by order value and place, add a COD fee, and have large orders confirmed, so refused parcels (RTO) cost you less."
    >
      <CardState loading={cod.isPending} error={cod.isError} onRetry={() => cod.refetch()} />
      {cod.data ? <CodForm slug={slug} settings={cod.data} /> : null}
    </SettingsCard>
  );
}
