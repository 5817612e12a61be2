import {
  COD_CONFIRM_HOURS_DEFAULT,
  type CodConfirmMode,
  type CodSettings,
  type CodSettingsBody,
  codSettingsBody,
  INDIAN_STATES,
  parsePinList,
} from '@haat/contracts';
import { type ChangeEvent, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { FieldError, FieldShell } from '../../components/ui/fields.tsx';
import { ApiError } from '../../lib/api.ts';
import { useQuery, useQueryClient } from '../../lib/query.ts';
import { adminCall, adminKey } from '../../lib/selected-shop.tsx';
import { toast } from '../../lib/toast.ts';
import { schemaResolver, showServerErrors } from './form-support.ts';
import { CardState, FormProblem, inputClass, SaveButton, SettingsCard, smallButton } from './settings-ui.tsx';

const codKey = (slug: string) => adminKey(slug, 'settings', 'cod');
const codApi = {
  get: (slug: string, signal?: AbortSignal) =>
    adminCall<CodSettings>(slug, '/cod-setting/', { signal, silent: true }),
  save: (slug: string, body: CodSettingsBody) =>
    adminCall<CodSettings>(slug, '/cod-setting/', { method: 'PUT', body, silent: true }),
};

/** The form as typed: amounts and hours as text, PIN codes as one list (pasted or from a CSV file). */
interface CodValues {
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

function CodForm({ slug, settings }: { slug: string; settings: CodSettings }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    watch,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<CodValues, unknown, CodSettingsBody>({ defaultValues: initial(settings), resolver });
  const mode = watch('confirm_mode');
  const pinText = watch('pins');
  const pinCheck = parsePinList(pinText);
  const states = watch('blocked_states');

  const readCsv = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const added = parsePinList(await file.text());
    const current = getValues('pins').trim();
    setValue('pins', [current, ...added.pins].filter(Boolean).join('\n'), { shouldDirty: true });
    if (added.problems.length) {
      setError('pins', {
        type: 'csv',
        message: `${file.name}: ${added.problems.map((p) => p.message).join('; ')}`,
      });
    } else
      toast.success(`${added.pins.length} PIN codes added from ${file.name}`, {
        description: 'Save to apply them.',
      });
  };

  const submit = handleSubmit(async (body) => {
    setProblem(null);
    try {
      const saved = await codApi.save(slug, body);
      queryClient.setQueryData(codKey(slug), saved);
      reset(initial(saved));
      toast.success('Cash on delivery rules saved', {
        description: `${saved.blocked_pins.length} PIN codes and ${saved.blocked_states.length} states without COD`,
      });
    } catch (err) {
      // A bad PIN code comes back as blocked_pins.N: shown under the list, one line each.
      const issues = err instanceof ApiError ? (err.envelope?.error.issues ?? []) : [];
      const pinIssues = issues.filter((i) => i.path.startsWith('blocked_pins'));
      if (pinIssues.length)
        setError('pins', { type: 'server', message: pinIssues.map((i) => i.message).join('; ') });
      else
        setProblem(
          showServerErrors(err, FIELDS, setError, 'Cash on delivery rules could not be saved', setFocus),
        );
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Cash on delivery rules">
      {settings.enabled ? null : (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          Cash on Delivery is turned off in Payments: these rules apply once you turn it on.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <FieldShell
          label="Minimum order for COD (₹)"
          error={errors.min_order?.message}
          hint="Empty: no minimum."
        >
          {(c) => (
            <input
              {...c}
              {...register('min_order')}
              inputMode="decimal"
              className={`mt-1.5 ${inputClass(!!errors.min_order)}`}
            />
          )}
        </FieldShell>
        <FieldShell
          label="Maximum order for COD (₹)"
          error={errors.max_order?.message}
          hint="Empty: no maximum."
        >
          {(c) => (
            <input
              {...c}
              {...register('max_order')}
              inputMode="decimal"
              className={`mt-1.5 ${inputClass(!!errors.max_order)}`}
            />
          )}
        </FieldShell>
        <FieldShell
          label="COD fee (₹)"
          error={errors.fee?.message}
          hint="Its own line at checkout, taxed like shipping."
        >
          {(c) => (
            <input
              {...c}
              {...register('fee')}
              inputMode="decimal"
              placeholder="0"
              className={`mt-1.5 ${inputClass(!!errors.fee)}`}
            />
          )}
        </FieldShell>
      </div>

      <div>
        <FieldShell
          label="PIN codes without COD"
          error={errors.pins?.message}
          hint={`One per line, or commas between. ${pinCheck.pins.length} PIN codes.`}
        >
          {(c) => (
            <textarea
              {...c}
              {...register('pins')}
              rows={4}
              spellCheck={false}
              placeholder={'110001\n400001'}
              className={`mt-1.5 font-mono ${inputClass(!!errors.pins)}`}
            />
          )}
        </FieldShell>
        <label className={`mt-2 inline-flex cursor-pointer ${smallButton(buttonStyles.secondary)}`}>
          Upload CSV of PIN codes
          <input type="file" accept=".csv,.txt,text/csv,text/plain" onChange={readCsv} className="sr-only" />
        </label>
      </div>

      <details className="rounded-xl ring-1 ring-slate-200">
        <summary className="cursor-pointer p-3 text-sm font-medium text-slate-800">
          States without COD ({states.length})
        </summary>
        <fieldset
          className="grid gap-1 p-3 pt-0 sm:grid-cols-2 lg:grid-cols-3"
          aria-label="States without COD"
        >
          {INDIAN_STATES.map((s) => (
            <label key={s} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                value={s}
                {...register('blocked_states')}
                className="size-4 accent-brand-600"
              />
              {s}
            </label>
          ))}
        </fieldset>
      </details>

      <fieldset aria-describedby={`${id}-confirm-note`}>
        <legend className="text-sm font-medium text-slate-800">Ask the customer to confirm COD orders</legend>
        <p id={`${id}-confirm-note`} className="mt-1 text-xs text-slate-500">
          The customer gets a 6-digit code and a one-tap link by mail. Until confirmed the order waits in
          Pending and cannot be shipped; unconfirmed, it cancels itself and its stock comes back.
        </p>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {(
            [
              ['OFF', 'No confirmation'],
              ['ABOVE', 'Orders above a value'],
              ['ALL', 'Every COD order'],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className="flex items-center gap-2 rounded-xl p-3 text-sm ring-1 ring-slate-200 has-checked:bg-brand-50 has-checked:ring-brand-300"
            >
              <input
                type="radio"
                value={value}
                {...register('confirm_mode')}
                className="size-4 accent-brand-600"
              />
              {label}
            </label>
          ))}
        </div>
        <FieldError id={`${id}-mode-error`} error={errors.confirm_mode?.message} />
      </fieldset>
      {mode === 'OFF' ? null : (
        <div className="grid gap-4 sm:grid-cols-3">
          {mode === 'ABOVE' ? (
            <FieldShell label="Confirm orders of (₹) or more" error={errors.confirm_above?.message}>
              {(c) => (
                <input
                  {...c}
                  {...register('confirm_above')}
                  inputMode="decimal"
                  className={`mt-1.5 ${inputClass(!!errors.confirm_above)}`}
                />
              )}
            </FieldShell>
          ) : null}
          <FieldShell
            label="Cancel unconfirmed after (hours)"
            error={errors.confirm_hours?.message}
            hint="1 to 168 hours."
          >
            {(c) => (
              <input
                {...c}
                {...register('confirm_hours')}
                inputMode="numeric"
                className={`mt-1.5 ${inputClass(!!errors.confirm_hours)}`}
              />
            )}
          </FieldShell>
        </div>
      )}
      <FormProblem>{problem}</FormProblem>
      <SaveButton busy={isSubmitting} label="Save COD rules" />
    </form>
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
