import { type CheckoutData, userContactBody } from '@haat/contracts';
import { formatPhone } from '@haat/contracts/phone';
import { type FormEvent, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { PhoneField } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { announceSignedInFailure, validate } from '../../lib/form-errors.ts';
import { useCheckoutMutations } from './checkout-api.ts';
import { CheckoutSection } from './checkout-section.tsx';

/** Who the shop contacts about the order: the account's email and a phone the customer can change. */
export function ContactBlock({ slug, contact }: { slug: string; contact: CheckoutData['user_contact'] }) {
  const { updatePhone } = useCheckoutMutations(slug);
  const [editing, setEditing] = useState(false);
  const [phone, setPhone] = useState(contact.phone_number ?? '');
  const [error, setError] = useState<string | undefined>();

  const startEditing = () => {
    setPhone(contact.phone_number ?? '');
    setError(undefined);
    setEditing(true);
  };
  const save = (e: FormEvent) => {
    e.preventDefault();
    const { data, errors } = validate(userContactBody.safeParse({ phone_number: phone }));
    setError(errors?.phone_number);
    if (!data) return;
    updatePhone.mutate(data.phone_number, {
      onSuccess: () => setEditing(false),
      onError: (err) => setError(announceSignedInFailure(err).phone_number),
    });
  };

  return (
    <CheckoutSection
      title="Contact"
      action={
        editing ? null : (
          <button
            type="button"
            onClick={startEditing}
            className="rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            Edit<span className="sr-only"> phone number</span>
          </button>
        )
      }
    >
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-slate-500">Email</dt>
          <dd className="truncate font-medium text-slate-900">{contact.email}</dd>
        </div>
        {editing ? null : (
          <div>
            <dt className="text-slate-500">Phone</dt>
            <dd className="font-medium text-slate-900">
              {contact.phone_number ? formatPhone(contact.phone_number) : 'Not added yet'}
            </dd>
          </div>
        )}
      </dl>
      {editing ? (
        <form onSubmit={save} noValidate className="mt-3 space-y-3">
          <PhoneField label="Phone" value={phone} onValue={setPhone} error={error} />
          <div className="flex gap-2">
            <button type="submit" disabled={updatePhone.isPending} className={buttonStyles.primary}>
              {updatePhone.isPending ? <Spinner /> : null}
              Save
            </button>
            <button type="button" onClick={() => setEditing(false)} className={buttonStyles.secondary}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
    </CheckoutSection>
  );
}
