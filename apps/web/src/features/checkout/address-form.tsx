import { type Address, addressBody } from '@haat/contracts';
import { INDIAN_STATES } from '@haat/contracts/indian-states';
import { type FormEvent, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { CheckboxField, PhoneField, SelectField, TextField } from '../../components/ui/fields.tsx';
import { PinHint } from '../../components/ui/pin-hint.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { announceSignedInFailure, type FieldErrors, validate } from '../../lib/form-errors.ts';
import { rememberedPin, rememberPin } from '../../lib/pin-code.ts';
import { usePinAutofill } from '../../lib/use-pin-autofill.ts';
import { useCheckoutMutations } from './checkout-api.ts';

interface Draft {
  full_name: string;
  phone_number: string;
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  postal_code: string;
  is_default: boolean;
}

const draftOf = (a: Address | undefined, firstAddress: boolean): Draft => ({
  full_name: a?.full_name ?? '',
  phone_number: a?.phone_number ?? '',
  address_line1: a?.address_line1 ?? '',
  address_line2: a?.address_line2 ?? '',
  city: a?.city ?? '',
  state: a?.state ?? '',
  // A new address starts from the PIN code the shopper last checked delivery for (issue 40).
  postal_code: a?.postal_code ?? rememberedPin() ?? '',
  is_default: a?.is_default ?? firstAddress,
});

/**
 * The new-address form (01 §3): name, phone (optional, +91), street, line 2, city, state, PIN code, India,
 * and the default flag. Checked with the shared schema first; the server's field issues land on the fields.
 */
export function AddressForm({
  slug,
  address,
  firstAddress = false,
  onSaved,
  onCancel,
}: {
  slug: string;
  /** The address being edited; none for a new one. */
  address?: Address;
  firstAddress?: boolean;
  onSaved: (saved: Address) => void;
  onCancel: () => void;
}) {
  const { createAddress, updateAddress } = useCheckoutMutations(slug);
  const [draft, setDraft] = useState(() => draftOf(address, firstAddress));
  const [errors, setErrors] = useState<FieldErrors>({});
  const pending = createAddress.isPending || updateAddress.isPending;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const autofill = usePinAutofill({ pin: draft.postal_code, city: draft.city, state: draft.state }, (v) =>
    setDraft((d) => ({ ...d, ...v })),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const { data, errors: invalid } = validate(
      addressBody.safeParse({
        ...draft,
        phone_number: draft.phone_number || undefined,
        state: draft.state || undefined,
        country: 'India',
      }),
    );
    setErrors(invalid ?? {});
    if (!data) return;
    rememberPin(data.postal_code);
    const handlers = {
      onSuccess: onSaved,
      onError: (err: unknown) => setErrors(announceSignedInFailure(err)),
    };
    if (address) updateAddress.mutate({ id: address.id, body: data }, handlers);
    else createAddress.mutate(data, handlers);
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={address ? 'Edit address' : 'New address'}
      className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <h3 className="font-semibold text-slate-900">{address ? 'Edit address' : 'Add a new address'}</h3>
      <TextField
        label="Full name"
        autoComplete="name"
        value={draft.full_name}
        error={errors.full_name}
        onChange={(e) => set('full_name', e.target.value)}
      />
      <PhoneField
        label="Phone (optional)"
        value={draft.phone_number}
        onValue={(v) => set('phone_number', v)}
        error={errors.phone_number}
      />
      <TextField
        label="Street address"
        autoComplete="address-line1"
        value={draft.address_line1}
        error={errors.address_line1}
        onChange={(e) => set('address_line1', e.target.value)}
      />
      <TextField
        label="Address line 2 (optional)"
        autoComplete="address-line2"
        value={draft.address_line2}
        error={errors.address_line2}
        onChange={(e) => set('address_line2', e.target.value)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="PIN code"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          value={draft.postal_code}
          error={errors.postal_code}
          hint={<PinHint autofill={autofill} fallback="City and state fill in from the PIN code" />}
          onChange={(e) => set('postal_code', e.target.value.replace(/\D/g, '').slice(0, 6))}
        />
        <TextField
          label="City"
          autoComplete="address-level2"
          value={draft.city}
          error={errors.city}
          onChange={(e) => set('city', e.target.value)}
        />
        <SelectField
          label="State"
          autoComplete="address-level1"
          value={draft.state}
          error={errors.state}
          onChange={(e) => set('state', e.target.value)}
        >
          <option value="">Choose a state</option>
          {INDIAN_STATES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        <TextField label="Country" value="India" readOnly hint="We deliver within India." />
      </div>
      <CheckboxField checked={draft.is_default} onChange={(v) => set('is_default', v)}>
        Make this my default address
      </CheckboxField>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={pending} aria-busy={pending} className={buttonStyles.primary}>
          {pending ? <Spinner /> : null}
          Save Address
        </button>
        <button type="button" onClick={onCancel} className={buttonStyles.secondary}>
          Cancel
        </button>
      </div>
    </form>
  );
}
