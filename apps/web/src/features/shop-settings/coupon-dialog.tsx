import { COUPON_MAX_PERCENT, couponFormBody } from '@haat/contracts';
import { useId, useState } from 'react';
import type { UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FieldShell } from '../../components/ui/fields.tsx';
import { DialogFormActions, NumberField } from './dialog-form-parts.tsx';
import { isoFromLocal, localDateTime, numberOr, numberText, schemaResolver } from './form-support.ts';
import {
  type AdminCoupon,
  type CouponInput,
  settingsApi,
  settingsKeys,
  useRefreshSettings,
} from './settings-api.ts';
import { useSettingsForm } from './settings-form.tsx';
import { FormProblem, inputClass, selectClass, Toggle } from './settings-ui.tsx';

interface CouponValues {
  code: string;
  kind: 'PERCENT' | 'FIXED';
  value: string;
  max_discount: string;
  min_order: string;
  starts_at: string;
  expires_at: string;
  usage_limit: string;
  active: boolean;
}
const FIELDS = [
  'code',
  'kind',
  'value',
  'max_discount',
  'min_order',
  'starts_at',
  'expires_at',
  'usage_limit',
  'active',
] as const;

const initial = (c: AdminCoupon | null): CouponValues => ({
  code: c?.code ?? '',
  kind: c?.kind ?? 'PERCENT',
  value: numberText(c?.value),
  max_discount: numberText(c?.max_discount),
  min_order: c ? String(c.min_order) : '0',
  starts_at: localDateTime(c?.starts_at ?? new Date().toISOString()),
  expires_at: localDateTime(c?.expires_at),
  usage_limit: numberText(c?.usage_limit),
  active: c?.active ?? true,
});

/** A time input's value as ISO; an untouched one keeps the stored time exactly (the input shows only minutes). */
const timeOf = (value: string, stored: string | null | undefined) =>
  stored && value === localDateTime(stored) ? stored : isoFromLocal(value);

const couponBody = (v: CouponValues, original: AdminCoupon | null) => ({
  code: v.code,
  kind: v.kind,
  value: numberOr(v.value, undefined),
  max_discount: v.kind === 'PERCENT' ? numberOr(v.max_discount, null) : null,
  min_order: numberOr(v.min_order, 0),
  starts_at: timeOf(v.starts_at, original?.starts_at) ?? undefined,
  expires_at: timeOf(v.expires_at, original?.expires_at),
  usage_limit: numberOr(v.usage_limit, null),
  active: v.active,
});

/** The coupon's form: `coupon` null adds one. Edits check "not below the uses so far" before sending. */
function useCouponForm(slug: string, coupon: AdminCoupon | null, onDone: () => void) {
  const refresh = useRefreshSettings();
  // Edits check "not below the uses so far" before sending, as the server will.
  const [resolver] = useState(() =>
    schemaResolver<CouponValues, CouponInput>(
      (b) => couponFormBody.safeParse(b),
      (v) => couponBody(v, coupon),
      (v) => {
        const limit = numberOr(v.usage_limit, null);
        return coupon && limit != null && limit < coupon.used_count
          ? [
              {
                path: 'usage_limit',
                message: `Already used ${coupon.used_count} times: the limit cannot be lower`,
              },
            ]
          : [];
      },
    ),
  );
  const state = useSettingsForm<CouponValues, CouponInput, AdminCoupon>({
    defaultValues: initial(coupon),
    resolver,
    fields: FIELDS,
    save: (body) =>
      coupon ? settingsApi.saveCoupon(slug, coupon.id, body) : settingsApi.addCoupon(slug, body),
    onSaved: () => {
      void refresh(settingsKeys.coupons(slug));
      onDone();
    },
    saved: (saved) => ({
      title: coupon ? 'Coupon saved' : 'Coupon added',
      description: `${saved.code}: ${saved.description}`,
    }),
    failure: 'The coupon could not be saved',
  });
  return state;
}

function CouponForm({
  slug,
  coupon,
  onDone,
}: {
  slug: string;
  coupon: AdminCoupon | null;
  onDone: () => void;
}) {
  const id = useId();
  const state = useCouponForm(slug, coupon, onDone);
  const { errors, busy: isSubmitting, problem, submit } = state;
  const { register } = state.form;

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Coupon">
      <CouponFields form={state.form} coupon={coupon} />
      <Toggle
        id={`${id}-active`}
        label="Active"
        hint="Turn off to pause the coupon without deleting it."
        error={errors.active?.message}
        {...register('active')}
      />
      <FormProblem>{problem}</FormProblem>
      <DialogFormActions
        onCancel={onDone}
        busy={isSubmitting}
        label={coupon ? 'Save coupon' : 'Add coupon'}
      />
    </form>
  );
}

/** The coupon's code, discount, limits and dates. */
function CouponFields({
  form,
  coupon,
}: {
  form: UseFormReturn<CouponValues, unknown, CouponInput>;
  coupon: AdminCoupon | null;
}) {
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const kind = watch('kind');
  const number = (
    name: 'value' | 'max_discount' | 'min_order' | 'usage_limit',
    label: string,
    opts: { step: string; hint?: string; placeholder?: string },
  ) => <NumberField label={label} error={errors[name]?.message} registration={register(name)} {...opts} />;
  const date = (name: 'starts_at' | 'expires_at', label: string, hint: string) => {
    const error = errors[name]?.message;
    return (
      <FieldShell label={label} error={error} hint={hint}>
        {(c) => (
          <input
            {...c}
            {...register(name)}
            type="datetime-local"
            className={`mt-1.5 ${inputClass(!!error)}`}
          />
        )}
      </FieldShell>
    );
  };

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <CodeField registration={register('code')} error={errors.code?.message} />
      <FieldShell label="Discount type" error={errors.kind?.message}>
        {(c) => (
          <select {...c} {...register('kind')} className={`mt-1.5 ${selectClass(!!errors.kind)}`}>
            <option value="PERCENT">Percentage (%)</option>
            <option value="FIXED">Fixed amount (₹)</option>
          </select>
        )}
      </FieldShell>
      {number('value', kind === 'PERCENT' ? 'Discount (%)' : 'Discount (₹)', {
        step: kind === 'PERCENT' ? '1' : '0.01',
        placeholder: kind === 'PERCENT' ? '10' : '100',
        hint: kind === 'PERCENT' ? `A whole number from 1 to ${COUPON_MAX_PERCENT}.` : undefined,
      })}
      {kind === 'PERCENT'
        ? number('max_discount', 'Max discount (₹)', {
            step: '0.01',
            placeholder: '200',
            hint: 'Optional cap on the discount.',
          })
        : null}
      {number('min_order', 'Minimum order (₹)', { step: '0.01', hint: '0: any order.' })}
      {number('usage_limit', 'Usage limit', {
        step: '1',
        hint: coupon
          ? `Used ${coupon.used_count} times so far. Blank: no limit.`
          : 'Orders that may use it in all. Blank: no limit.',
      })}
      {date('starts_at', 'Starts', 'When shoppers can start using it.')}
      {date('expires_at', 'Ends (optional)', 'Blank: never ends.')}
    </div>
  );
}

/** The code shoppers type, in capitals as it is typed. */
function CodeField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <FieldShell label="Code" error={error} hint="3 to 20 letters and digits; shoppers type it.">
      {(c) => (
        <input
          {...c}
          {...registration}
          onChange={(e) => {
            e.target.value = e.target.value.toUpperCase();
            return registration.onChange(e);
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          placeholder="DIWALI10"
          data-autofocus
          className={`mt-1.5 font-mono uppercase ${inputClass(!!error)}`}
        />
      )}
    </FieldShell>
  );
}

/** Add or edit a coupon (`coupon` null: a new one). */
export function CouponDialog({
  slug,
  open,
  coupon,
  onClose,
}: {
  slug: string;
  open: boolean;
  coupon: AdminCoupon | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={coupon ? `Edit ${coupon.code}` : 'Add coupon'}
      description="Shoppers apply one coupon per order in their cart."
      size="max-w-2xl"
    >
      <CouponForm key={coupon?.id ?? 'new'} slug={slug} coupon={coupon} onDone={onClose} />
    </Dialog>
  );
}
