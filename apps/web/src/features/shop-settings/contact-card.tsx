import { CONTACT_TYPES, INDIAN_STATES, shopAddressBody, shopContactsBody } from '@haat/contracts';
import { Plus, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { FieldError, FieldShell, PhoneField } from '../../components/ui/fields.tsx';
import { PinHint } from '../../components/ui/pin-hint.tsx';
import { useQueryClient } from '../../lib/query.ts';
import { usePinAutofill } from '../../lib/use-pin-autofill.ts';
import { schemaResolver } from './form-support.ts';
import {
  type AddressInput,
  type ContactsInput,
  type ShopAddress,
  type ShopContacts,
  settingsApi,
  settingsKeys,
  useShopAddress,
  useShopContacts,
} from './settings-api.ts';
import { SettingsForm, useSettingsForm } from './settings-form.tsx';
import { CardState, inputClass, SettingsCard, selectClass, smallButton } from './settings-ui.tsx';

type ContactType = (typeof CONTACT_TYPES)[number];
interface ContactValues {
  contacts: { contact_type: ContactType; phone_number: string }[];
}

const contactsResolver = schemaResolver<ContactValues, ContactsInput>(
  (b) => shopContactsBody.safeParse(b),
  (v) => v,
);

function useContactsForm(slug: string, data: ShopContacts) {
  const queryClient = useQueryClient();
  return useSettingsForm<ContactValues, ContactsInput, ShopContacts>({
    defaultValues: {
      contacts: data.contacts.length ? data.contacts : [{ contact_type: 'Primary', phone_number: '' }],
    },
    resolver: contactsResolver,
    fields: ['contacts'],
    save: (body) => settingsApi.saveContacts(slug, body),
    onSaved: (saved, form) => {
      queryClient.setQueryData(settingsKeys.contacts(slug), saved);
      form.reset({ contacts: saved.contacts });
    },
    saved: () => ({ title: 'Contact numbers saved' }),
    failure: 'Contact numbers could not be saved',
  });
}

/** One phone number: its type, the number, and Remove (not for the last one). */
function ContactRow({
  form,
  index: i,
  onRemove,
}: {
  form: UseFormReturn<ContactValues, unknown, ContactsInput>;
  index: number;
  onRemove: (() => void) | null;
}) {
  const { register, control } = form;
  const rowErrors = form.formState.errors.contacts?.[i];
  return (
    <li>
      <fieldset className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-2 gap-y-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 sm:grid-cols-[9rem_minmax(0,1fr)_auto] sm:bg-transparent sm:p-0 sm:ring-0">
        <legend className="sr-only">Phone number {i + 1}</legend>
        <div className="col-span-2 sm:col-span-1">
          <FieldShell label="Type" error={rowErrors?.contact_type?.message}>
            {(c) => (
              <select
                {...c}
                {...register(`contacts.${i}.contact_type`)}
                className={`mt-1.5 ${selectClass(!!rowErrors?.contact_type)}`}
              >
                {CONTACT_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            )}
          </FieldShell>
        </div>
        <Controller
          control={control}
          name={`contacts.${i}.phone_number`}
          render={({ field: f }) => (
            <PhoneField
              label="Phone"
              value={f.value}
              onValue={f.onChange}
              error={rowErrors?.phone_number?.message}
            />
          )}
        />
        <button
          type="button"
          onClick={() => onRemove?.()}
          disabled={!onRemove}
          aria-label={`Remove phone number ${i + 1}`}
          className="mt-7 self-start rounded-lg p-2.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-40"
        >
          <X aria-hidden className="size-5" />
        </button>
      </fieldset>
    </li>
  );
}

function ContactsForm({ slug, data }: { slug: string; data: ShopContacts }) {
  const state = useContactsForm(slug, data);
  const { errors } = state;
  const { fields, append, remove } = useFieldArray({ control: state.form.control, name: 'contacts' });

  const used = new Set(fields.map((f) => f.contact_type));
  const nextType = CONTACT_TYPES.find((t) => !used.has(t));
  const listError = errors.contacts?.message ?? errors.contacts?.root?.message;
  return (
    <SettingsForm label="Contact numbers" state={state} saveLabel="Save phone numbers" className="space-y-4">
      <h3 className="text-base font-semibold text-slate-900">Phone numbers</h3>
      <ul className="space-y-3">
        {fields.map((field, i) => (
          <ContactRow
            key={field.id}
            form={state.form}
            index={i}
            onRemove={fields.length === 1 ? null : () => remove(i)}
          />
        ))}
      </ul>
      <FieldError id="contacts-error" error={listError} />
      <div className="flex flex-wrap gap-2">
        {nextType ? (
          <button
            type="button"
            onClick={() => append({ contact_type: nextType, phone_number: '' })}
            className={smallButton(buttonStyles.secondary)}
          >
            <Plus aria-hidden className="size-4" />
            Add phone number
          </button>
        ) : null}
      </div>
    </SettingsForm>
  );
}

interface AddressValues {
  address_line_1: string;
  address_line_2: string;
  city: string;
  state: string;
  postal_code: string;
}
const ADDRESS_FIELDS = [
  'address_line_1',
  'address_line_2',
  'city',
  'state',
  'postal_code',
  'country',
] as const;

const addressValues = (a: ShopAddress): AddressValues => ({
  address_line_1: a.address_line_1 ?? '',
  address_line_2: a.address_line_2 ?? '',
  city: a.city ?? '',
  state: a.state && (INDIAN_STATES as readonly string[]).includes(a.state) ? a.state : '',
  postal_code: a.postal_code ?? '',
});

const addressResolver = schemaResolver<AddressValues, AddressInput>(
  (b) => shopAddressBody.safeParse(b),
  (v) => ({ ...v, state: v.state || undefined, country: 'India' }),
);

function AddressForm({ slug, data }: { slug: string; data: ShopAddress }) {
  const queryClient = useQueryClient();
  const state = useSettingsForm<AddressValues, AddressInput, ShopAddress>({
    defaultValues: addressValues(data),
    resolver: addressResolver,
    fields: ADDRESS_FIELDS,
    save: (body) => settingsApi.saveAddress(slug, body),
    onSaved: (saved, form) => {
      queryClient.setQueryData(settingsKeys.address(slug), saved);
      form.reset(addressValues(saved));
    },
    saved: (saved) => ({ title: 'Address saved', description: `${saved.city}, ${saved.state}` }),
    failure: 'The address could not be saved',
  });
  const { errors } = state;
  const { register, setValue, watch } = state.form;
  // The PIN code fills the city and state from India Post's directory (issue 40); typed ones stay as typed.
  const [pin = '', city = '', shopState = ''] = watch(['postal_code', 'city', 'state']);
  const autofill = usePinAutofill({ pin, city, state: shopState }, (v) => {
    if (v.city !== undefined) setValue('city', v.city, { shouldDirty: true });
    if (v.state !== undefined) setValue('state', v.state, { shouldDirty: true });
  });

  const text = (
    name: 'address_line_1' | 'address_line_2' | 'city' | 'postal_code',
    label: string,
    extra: { autoComplete: string; placeholder?: string; inputMode?: 'numeric'; hint?: ReactNode },
  ) => (
    <FieldShell label={label} error={errors[name]?.message} hint={extra.hint}>
      {(c) => (
        <input
          {...c}
          {...register(name)}
          autoComplete={extra.autoComplete}
          inputMode={extra.inputMode}
          placeholder={extra.placeholder}
          className={`mt-1.5 ${inputClass(!!errors[name])}`}
        />
      )}
    </FieldShell>
  );

  return (
    <SettingsForm label="Shop address" state={state} saveLabel="Save address" className="space-y-4">
      <h3 className="text-base font-semibold text-slate-900">Address</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          {text('address_line_1', 'Address line 1', {
            autoComplete: 'address-line1',
            placeholder: 'Shop 4, MG Road',
          })}
        </div>
        <div className="sm:col-span-2">
          {text('address_line_2', 'Address line 2 (optional)', { autoComplete: 'address-line2' })}
        </div>
        {text('city', 'City', { autoComplete: 'address-level2' })}
        <FieldShell label="State" error={errors.state?.message}>
          {(c) => (
            <select
              {...c}
              {...register('state')}
              autoComplete="address-level1"
              className={`mt-1.5 ${selectClass(!!errors.state)}`}
            >
              <option value="">Choose a state</option>
              {INDIAN_STATES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </FieldShell>
        {text('postal_code', 'PIN code', {
          autoComplete: 'postal-code',
          inputMode: 'numeric',
          placeholder: '560001',
          hint: <PinHint autofill={autofill} />,
        })}
        <FieldShell label="Country">
          {(c) => <input {...c} value="India" readOnly className={`mt-1.5 ${inputClass(false)}`} />}
        </FieldShell>
      </div>
    </SettingsForm>
  );
}

/** The shop's phone numbers and address (storefront footer and shop details; the marketplace shows the city). */
export function ContactCard({ slug }: { slug: string }) {
  const contacts = useShopContacts(slug);
  const address = useShopAddress(slug);
  return (
    <SettingsCard
      id="contact"
      title="Contact & address"
      description="Your storefront shows these; the marketplace lists your city."
    >
      <div className="grid gap-8 lg:grid-cols-2">
        <div className="min-w-0">
          <CardState
            loading={contacts.isPending}
            error={contacts.isError}
            onRetry={() => contacts.refetch()}
          />
          {contacts.data ? <ContactsForm slug={slug} data={contacts.data} /> : null}
        </div>
        <div className="min-w-0">
          <CardState loading={address.isPending} error={address.isError} onRetry={() => address.refetch()} />
          {address.data ? <AddressForm slug={slug} data={address.data} /> : null}
        </div>
      </div>
    </SettingsCard>
  );
}
