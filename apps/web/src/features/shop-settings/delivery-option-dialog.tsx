import { deliveryOptionBody } from '@haat/contracts';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FieldShell } from '../../components/ui/fields.tsx';
import { DialogFormActions, NumberField } from './dialog-form-parts.tsx';
import { numberOr, numberText, schemaResolver } from './form-support.ts';
import {
  type AdminDeliveryOption,
  type DeliveryOptionInput,
  settingsApi,
  settingsKeys,
  useRefreshSettings,
} from './settings-api.ts';
import { useSettingsForm } from './settings-form.tsx';
import { FormProblem, inputClass, Toggle } from './settings-ui.tsx';

/** What the inputs hold: numbers as typed, so an emptied field is '' and not 0. */
interface OptionValues {
  name: string;
  estimated_time: string;
  description: string;
  charge: string;
  free_above: string;
  honours_free_shipping: boolean;
  is_recommended: boolean;
  min_days: string;
  max_days: string;
  position: string;
  active: boolean;
}
const FIELDS = [
  'name',
  'estimated_time',
  'description',
  'charge',
  'free_above',
  'honours_free_shipping',
  'is_recommended',
  'min_days',
  'max_days',
  'position',
  'active',
] as const;

const initial = (o: AdminDeliveryOption | null): OptionValues => ({
  name: o?.name ?? '',
  estimated_time: o?.estimated_time ?? '',
  description: o?.description ?? '',
  charge: numberText(o?.charge),
  free_above: numberText(o?.free_above),
  honours_free_shipping: o?.honours_free_shipping ?? true,
  is_recommended: o?.is_recommended ?? false,
  min_days: numberText(o?.min_days),
  max_days: numberText(o?.max_days),
  position: numberText(o?.position),
  active: o?.active ?? true,
});

/** The option as the server wants it; what is left blank is for the shared schema to judge. */
export const optionBody = (v: OptionValues) => ({
  name: v.name,
  estimated_time: v.estimated_time,
  description: v.description,
  charge: numberOr(v.charge, undefined),
  free_above: numberOr(v.free_above, null),
  honours_free_shipping: v.honours_free_shipping,
  is_recommended: v.is_recommended,
  min_days: numberOr(v.min_days, undefined),
  max_days: numberOr(v.max_days, undefined),
  position: numberOr(v.position, undefined),
  active: v.active,
});

const resolver = schemaResolver<OptionValues, DeliveryOptionInput>(
  (b) => deliveryOptionBody.safeParse(b),
  optionBody,
);

/** The delivery option's form: `option` null adds one. */
function useOptionForm(slug: string, option: AdminDeliveryOption | null, onDone: () => void) {
  const refresh = useRefreshSettings();
  const state = useSettingsForm<OptionValues, DeliveryOptionInput, AdminDeliveryOption>({
    defaultValues: initial(option),
    resolver,
    fields: FIELDS,
    save: (body) =>
      option
        ? settingsApi.saveDeliveryOption(slug, option.id, body)
        : settingsApi.addDeliveryOption(slug, body),
    onSaved: () => {
      void refresh(settingsKeys.all(slug));
      onDone();
    },
    saved: (saved) => ({
      title: option ? 'Delivery option saved' : 'Delivery option added',
      description: saved.name,
    }),
    failure: 'The delivery option could not be saved',
  });
  return state;
}

/** Whether the option is recommended, free when every item ships free, and offered at all. */
function OptionToggles({
  id,
  form,
}: {
  id: string;
  form: UseFormReturn<OptionValues, unknown, DeliveryOptionInput>;
}) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <div className="space-y-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <Toggle
        id={`${id}-recommended`}
        label="Recommended"
        hint="Shows the Recommended badge; only one option has it."
        error={errors.is_recommended?.message}
        {...register('is_recommended')}
      />
      <Toggle
        id={`${id}-honours`}
        label="Free when every item ships free"
        hint="Products marked free shipping make this option free."
        error={errors.honours_free_shipping?.message}
        {...register('honours_free_shipping')}
      />
      <Toggle
        id={`${id}-active`}
        label="Offered at checkout"
        hint="Turn off to hide it without deleting it."
        error={errors.active?.message}
        {...register('active')}
      />
    </div>
  );
}

function OptionForm({
  slug,
  option,
  onDone,
}: {
  slug: string;
  option: AdminDeliveryOption | null;
  onDone: () => void;
}) {
  const id = useId();
  const state = useOptionForm(slug, option, onDone);
  const { register } = state.form;
  const { errors, busy: isSubmitting, problem, submit } = state;

  const text = (name: 'name' | 'estimated_time' | 'description', placeholder: string, focus = false) => {
    const error = errors[name]?.message;
    return (
      <FieldShell label={LABELS[name]} error={error}>
        {(c) => (
          <input
            {...c}
            {...register(name)}
            placeholder={placeholder}
            autoComplete="off"
            data-autofocus={focus || undefined}
            className={`mt-1.5 ${inputClass(!!error)}`}
          />
        )}
      </FieldShell>
    );
  };
  const number = (
    name: 'charge' | 'free_above' | 'min_days' | 'max_days' | 'position',
    opts: { step: string; hint?: string; placeholder?: string },
  ) => (
    <NumberField label={LABELS[name]} error={errors[name]?.message} registration={register(name)} {...opts} />
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Delivery option">
      <div className="grid gap-4 sm:grid-cols-2">
        {text('name', 'Standard Delivery', true)}
        {text('estimated_time', '3-5 business days')}
        <div className="sm:col-span-2">{text('description', 'Delivered to your door by courier')}</div>
        {number('charge', { step: '0.01', placeholder: '40', hint: 'In ₹. 0 makes it always free.' })}
        {number('free_above', {
          step: '0.01',
          placeholder: '499',
          hint: 'Free for orders of at least this much. Blank: never free by amount.',
        })}
        {number('min_days', { step: '1', placeholder: '3' })}
        {number('max_days', { step: '1', placeholder: '5', hint: 'Sets the expected delivery date.' })}
        {number('position', {
          step: '1',
          hint: option ? 'Lowest first; the first is preselected at checkout.' : 'Blank: after the others.',
        })}
      </div>
      <OptionToggles id={id} form={state.form} />
      <FormProblem>{problem}</FormProblem>
      <DialogFormActions
        onCancel={onDone}
        busy={isSubmitting}
        label={option ? 'Save option' : 'Add option'}
      />
    </form>
  );
}

const LABELS = {
  name: 'Name',
  estimated_time: 'Estimated time',
  description: 'Description',
  charge: 'Charge (₹)',
  free_above: 'Free above (₹)',
  min_days: 'Min days',
  max_days: 'Max days',
  position: 'Order',
} as const;

/** Add or edit a delivery option (`option` null: a new one). */
export function DeliveryOptionDialog({
  slug,
  open,
  option,
  onClose,
}: {
  slug: string;
  open: boolean;
  option: AdminDeliveryOption | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={option ? `Edit ${option.name}` : 'Add delivery option'}
      description="Shoppers choose from these at checkout."
      size="max-w-2xl"
    >
      <OptionForm key={option?.id ?? 'new'} slug={slug} option={option} onDone={onClose} />
    </Dialog>
  );
}
