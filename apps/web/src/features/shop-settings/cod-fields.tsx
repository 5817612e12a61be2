/** The COD rules form's sections: order values and fee, PIN codes (typed or from a CSV), states, confirmation. */
import { type CodSettingsBody, INDIAN_STATES, parsePinList } from '@haat/contracts';
import { type ChangeEvent, useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { FieldError, FieldShell } from '../../components/ui/fields.tsx';
import { toast } from '../../lib/toast.ts';
import type { CodValues } from './cod-card.tsx';
import { inputClass, smallButton } from './settings-ui.tsx';

type Props = { form: UseFormReturn<CodValues, unknown, CodSettingsBody> };
type AmountField = 'min_order' | 'max_order' | 'fee' | 'confirm_above' | 'confirm_hours';

function AmountInput({
  form,
  name,
  label,
  hint,
  numeric = false,
  placeholder,
}: Props & {
  name: AmountField;
  label: string;
  hint?: string;
  numeric?: boolean;
  placeholder?: string;
}) {
  const error = form.formState.errors[name]?.message;
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {(c) => (
        <input
          {...c}
          {...form.register(name)}
          inputMode={numeric ? 'numeric' : 'decimal'}
          placeholder={placeholder}
          className={`mt-1.5 ${inputClass(!!error)}`}
        />
      )}
    </FieldShell>
  );
}

export function OrderValueFields({ form }: Props) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <AmountInput form={form} name="min_order" label="Minimum order for COD (₹)" hint="Empty: no minimum." />
      <AmountInput form={form} name="max_order" label="Maximum order for COD (₹)" hint="Empty: no maximum." />
      <AmountInput
        form={form}
        name="fee"
        label="COD fee (₹)"
        hint="Its own line at checkout, taxed like shipping."
        placeholder="0"
      />
    </div>
  );
}

export function PinCodesField({ form }: Props) {
  const { register, formState, getValues, setValue, setError } = form;
  const pinCheck = parsePinList(form.watch('pins'));
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
  return (
    <div>
      <FieldShell
        label="PIN codes without COD"
        error={formState.errors.pins?.message}
        hint={`One per line, or commas between. ${pinCheck.pins.length} PIN codes.`}
      >
        {(c) => (
          <textarea
            {...c}
            {...register('pins')}
            rows={4}
            spellCheck={false}
            placeholder={'110001\n400001'}
            className={`mt-1.5 font-mono ${inputClass(!!formState.errors.pins)}`}
          />
        )}
      </FieldShell>
      <label className={`mt-2 inline-flex cursor-pointer ${smallButton(buttonStyles.secondary)}`}>
        Upload CSV of PIN codes
        <input type="file" accept=".csv,.txt,text/csv,text/plain" onChange={readCsv} className="sr-only" />
      </label>
    </div>
  );
}

export function BlockedStatesField({ form }: Props) {
  const states = form.watch('blocked_states');
  return (
    <details className="rounded-xl ring-1 ring-slate-200">
      <summary className="cursor-pointer p-3 text-sm font-medium text-slate-800">
        States without COD ({states.length})
      </summary>
      <fieldset className="grid gap-1 p-3 pt-0 sm:grid-cols-2 lg:grid-cols-3" aria-label="States without COD">
        {INDIAN_STATES.map((s) => (
          <label key={s} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              value={s}
              {...form.register('blocked_states')}
              className="size-4 accent-brand-600"
            />
            {s}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

const MODES = [
  ['OFF', 'No confirmation'],
  ['ABOVE', 'Orders above a value'],
  ['ALL', 'Every COD order'],
] as const;

export function ConfirmationFields({ form }: Props) {
  const id = useId();
  const mode = form.watch('confirm_mode');
  return (
    <>
      <fieldset aria-describedby={`${id}-confirm-note`}>
        <legend className="text-sm font-medium text-slate-800">Ask the customer to confirm COD orders</legend>
        <p id={`${id}-confirm-note`} className="mt-1 text-xs text-slate-500">
          The customer gets a 6-digit code and a one-tap link by mail. Until confirmed the order waits in
          Pending and cannot be shipped; unconfirmed, it cancels itself and its stock comes back.
        </p>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {MODES.map(([value, label]) => (
            <label
              key={value}
              className="flex items-center gap-2 rounded-xl p-3 text-sm ring-1 ring-slate-200 has-checked:bg-brand-50 has-checked:ring-brand-300"
            >
              <input
                type="radio"
                value={value}
                {...form.register('confirm_mode')}
                className="size-4 accent-brand-600"
              />
              {label}
            </label>
          ))}
        </div>
        <FieldError id={`${id}-mode-error`} error={form.formState.errors.confirm_mode?.message} />
      </fieldset>
      {mode === 'OFF' ? null : (
        <div className="grid gap-4 sm:grid-cols-3">
          {mode === 'ABOVE' ? (
            <AmountInput form={form} name="confirm_above" label="Confirm orders of (₹) or more" />
          ) : null}
          <AmountInput
            form={form}
            name="confirm_hours"
            label="Cancel unconfirmed after (hours)"
            hint="1 to 168 hours."
            numeric
          />
        </div>
      )}
    </>
  );
}
