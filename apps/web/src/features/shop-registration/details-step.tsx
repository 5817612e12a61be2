import { ImageUp, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import {
  FieldError,
  PhoneField,
  SelectField,
  TextAreaField,
  TextField,
} from '../../components/ui/fields.tsx';
import type { FieldErrors } from '../../lib/form-errors.ts';
import type { Category } from './wizard-api.ts';
import { StepCard } from './wizard-fields.tsx';
import { CONTACT_CHOICES, type ContactType, type Details, MAX_EXTRA_CONTACTS } from './wizard-state.ts';

export interface LogoChoice {
  file: File | null;
  preview: string | null;
  error?: string;
}

/** Step 1: the shop's name, category, descriptions, phone numbers and logo. */
export function DetailsStep({
  value,
  onChange,
  errors,
  categories,
  categoriesLoading,
  logo,
  onLogo,
}: {
  value: Details;
  onChange: (patch: Partial<Details>) => void;
  errors: FieldErrors;
  categories: Category[];
  categoriesLoading: boolean;
  logo: LogoChoice;
  onLogo: (file: File | null) => void;
}) {
  return (
    <StepCard title="Shop Details" intro="Tell customers who you are. You can change all of this later.">
      <TextField
        label="Shop name"
        value={value.store_name}
        maxLength={80}
        onChange={(e) => onChange({ store_name: e.target.value })}
        error={errors.store_name}
      />
      <SelectField
        label="Business category"
        value={value.store_category_id}
        onChange={(e) => onChange({ store_category_id: e.target.value })}
        error={errors.store_category_id}
        disabled={categoriesLoading}
      >
        <option value="">{categoriesLoading ? 'Loading categories..' : 'Choose a category'}</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Description"
        rows={4}
        maxLength={2000}
        value={value.description}
        onChange={(e) => onChange({ description: e.target.value })}
        error={errors.description}
      />
      <TextField
        label="Short description"
        maxLength={160}
        hint="One line shown under your shop's name (up to 160 characters)."
        value={value.short_description}
        onChange={(e) => onChange({ short_description: e.target.value })}
        error={errors.short_description}
      />
      <PhoneField
        label="Primary phone"
        value={value.phone_number}
        onValue={(phone_number) => onChange({ phone_number })}
        error={errors.phone_number}
      />
      <ExtraContacts value={value} onChange={onChange} errors={errors} />
      <LogoField logo={logo} onLogo={onLogo} saved={value.image} errors={errors} />
    </StepCard>
  );
}

/** The phone numbers after the primary one, each with its type, and the button that adds one. */
function ExtraContacts({
  value,
  onChange,
  errors,
}: {
  value: Details;
  onChange: (patch: Partial<Details>) => void;
  errors: FieldErrors;
}) {
  const setContact = (i: number, patch: Partial<Details['contacts'][number]>) =>
    onChange({ contacts: value.contacts.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  return (
    <>
      {value.contacts.map((c, i) => (
        <fieldset key={c.key} className="rounded-xl border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-700">Contact {i + 2}</legend>
          <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
            <SelectField
              label={`Contact ${i + 2} type`}
              value={c.contact_type}
              onChange={(e) => setContact(i, { contact_type: e.target.value as ContactType })}
            >
              {CONTACT_CHOICES.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </SelectField>
            <PhoneField
              label={`Contact ${i + 2} phone`}
              value={c.phone_number}
              onValue={(phone_number) => setContact(i, { phone_number })}
              error={errors[`contacts.${i}`]}
            />
          </div>
          <button
            type="button"
            className={`${buttonStyles.ghost} mt-2 px-2 py-1.5 text-red-700`}
            onClick={() => onChange({ contacts: value.contacts.filter((_, j) => j !== i) })}
          >
            <Trash2 aria-hidden className="size-4" />
            Remove contact {i + 2}
          </button>
        </fieldset>
      ))}
      {value.contacts.length < MAX_EXTRA_CONTACTS ? (
        <button
          type="button"
          className={buttonStyles.secondary}
          onClick={() =>
            onChange({
              contacts: [
                ...value.contacts,
                { key: Math.random().toString(36).slice(2), contact_type: 'WhatsApp', phone_number: '' },
              ],
            })
          }
        >
          <Plus aria-hidden className="size-4" />
          Add Contact
        </button>
      ) : null}
    </>
  );
}

/** The logo's file input with its preview (the chosen file's, else the saved image). */
function LogoField({
  logo,
  onLogo,
  saved,
  errors,
}: {
  logo: LogoChoice;
  onLogo: (file: File | null) => void;
  saved: string | null;
  errors: FieldErrors;
}) {
  const logoId = useId();
  const shownLogo = logo.preview ?? saved;
  return (
    <div>
      <label htmlFor={logoId} className="block text-sm font-medium text-slate-800">
        Logo
      </label>
      <div className="mt-1.5 flex items-center gap-4">
        <span className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-slate-100 text-slate-400 ring-1 ring-slate-200">
          {shownLogo ? (
            <img src={shownLogo} alt="Logo preview" className="size-full object-cover" />
          ) : (
            <ImageUp aria-hidden className="size-6" />
          )}
        </span>
        {/* The browser's own file box cuts its text at 360 px ("No fil…hosen"): a button and the file's name. */}
        <div className="min-w-0">
          <input
            id={logoId}
            type="file"
            accept="image/png,image/jpeg"
            aria-describedby={`${logoId}-hint${logo.error ? ` ${logoId}-error` : ''}`}
            onChange={(e) => onLogo(e.target.files?.[0] ?? null)}
            className="peer sr-only"
          />
          <label
            htmlFor={logoId}
            className="inline-flex cursor-pointer rounded-lg bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500"
          >
            {shownLogo ? 'Change logo' : 'Choose a logo'}
          </label>
          <p className="mt-1 truncate text-xs text-slate-600" title={logo.file?.name}>
            {logo.file?.name ?? (saved ? 'Your saved logo' : 'No file chosen yet')}
          </p>
        </div>
      </div>
      <p id={`${logoId}-hint`} className="mt-1.5 text-xs text-slate-500">
        PNG or JPG up to 5MB. It is uploaded when you continue.
      </p>
      <FieldError id={`${logoId}-error`} error={logo.error ?? errors.image ?? errors.file} />
    </div>
  );
}
