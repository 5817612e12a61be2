import { ADDRESS_MAX_PER_CUSTOMER, type Address } from '@haat/contracts';
import { formatPhone } from '@haat/contracts/phone';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { announceSignedInFailure } from '../../lib/form-errors.ts';
import { toast } from '../../lib/toast.ts';
import { AddressForm } from './address-form.tsx';
import { addressToBody, useCheckoutMutations } from './checkout-api.ts';
import { CheckoutSection } from './checkout-section.tsx';
import { OtherShopAddresses } from './other-shop-addresses.tsx';

const linkButton =
  'rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-50';

type Mode = { kind: 'add' } | { kind: 'edit'; id: string } | null;

function AddressText({ a }: { a: Address }) {
  return (
    <span className="min-w-0 text-sm text-slate-700">
      <span className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
        {a.full_name}
        {a.is_default ? (
          <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">
            Default
          </span>
        ) : null}
      </span>
      <span className="block">
        {a.address_line1}
        {a.address_line2 ? `, ${a.address_line2}` : ''}
      </span>
      <span className="block">
        {a.city}, {a.state} {a.postal_code}
      </span>
      {a.phone_number ? <span className="block">Phone: {formatPhone(a.phone_number)}</span> : null}
    </span>
  );
}

/**
 * The saved addresses to choose from (radio), with Edit, Delete, Set as default and Add new address: the delivery
 * address, or (with `kind="billing"`) the billing address.
 */
export function AddressSection({
  slug,
  addresses,
  selectedId,
  onSelect,
  kind = 'delivery',
}: {
  slug: string;
  addresses: Address[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  kind?: 'delivery' | 'billing';
}) {
  const { updateAddress, deleteAddress } = useCheckoutMutations(slug);
  const [mode, setMode] = useState<Mode>(() => (addresses.length === 0 ? { kind: 'add' } : null));
  const [deleting, setDeleting] = useState<Address | null>(null);
  const name = useId();
  const full = addresses.length >= ADDRESS_MAX_PER_CUSTOMER;

  const makeDefault = (a: Address) =>
    updateAddress.mutate(
      { id: a.id, body: { ...addressToBody(a), is_default: true } },
      {
        onSuccess: () => toast.success('Default address updated'),
        onError: (err) => void announceSignedInFailure(err),
      },
    );

  return (
    <CheckoutSection
      title={kind === 'billing' ? 'Billing Address' : 'Delivery Address'}
      action={
        mode || full ? null : (
          <button type="button" onClick={() => setMode({ kind: 'add' })} className={linkButton}>
            <Plus aria-hidden className="mr-1 inline size-4" />
            Add new address
          </button>
        )
      }
    >
      {addresses.length > 0 ? (
        <fieldset>
          <legend className="sr-only">Choose a {kind} address</legend>
          <ul className="space-y-3">
            {addresses.map((a) =>
              mode?.kind === 'edit' && mode.id === a.id ? (
                <li key={a.id}>
                  <AddressForm
                    slug={slug}
                    address={a}
                    onSaved={() => setMode(null)}
                    onCancel={() => setMode(null)}
                  />
                </li>
              ) : (
                <li
                  key={a.id}
                  className="rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:ring-1 has-[:checked]:ring-brand-500"
                >
                  <label className="flex cursor-pointer items-start gap-3">
                    <input
                      type="radio"
                      name={name}
                      checked={selectedId === a.id}
                      onChange={() => onSelect(a.id)}
                      className="mt-0.5 size-4 shrink-0 accent-brand-600"
                    />
                    <AddressText a={a} />
                  </label>
                  <div className="mt-2 flex flex-wrap gap-1 pl-5">
                    <button
                      type="button"
                      onClick={() => setMode({ kind: 'edit', id: a.id })}
                      className={linkButton}
                    >
                      Edit<span className="sr-only"> address of {a.full_name}</span>
                    </button>
                    <button type="button" onClick={() => setDeleting(a)} className={linkButton}>
                      Delete<span className="sr-only"> address of {a.full_name}</span>
                    </button>
                    {a.is_default ? null : (
                      <button
                        type="button"
                        onClick={() => makeDefault(a)}
                        disabled={updateAddress.isPending}
                        className={linkButton}
                      >
                        Set as default<span className="sr-only"> ({a.full_name})</span>
                      </button>
                    )}
                  </div>
                </li>
              ),
            )}
          </ul>
        </fieldset>
      ) : mode ? null : (
        <p className="text-sm text-slate-600">
          {kind === 'billing'
            ? 'Add the address the invoice should be made out to.'
            : 'Add the address we should deliver this order to.'}
        </p>
      )}
      {kind === 'delivery' && !full && mode?.kind !== 'edit' ? (
        <OtherShopAddresses
          slug={slug}
          firstAddress={addresses.length === 0}
          onUsed={(id) => {
            setMode(null);
            onSelect(id);
          }}
        />
      ) : null}
      {mode?.kind === 'add' ? (
        <div className={addresses.length > 0 ? 'mt-4' : ''}>
          <AddressForm
            slug={slug}
            firstAddress={addresses.length === 0}
            onSaved={(saved) => {
              setMode(null);
              onSelect(saved.id);
            }}
            onCancel={() => setMode(null)}
          />
        </div>
      ) : null}
      {full ? (
        <p className="mt-3 text-sm text-slate-600">
          You can keep up to {ADDRESS_MAX_PER_CUSTOMER} addresses. Delete one to add another.
        </p>
      ) : null}
      <ConfirmDialog
        open={!!deleting}
        onClose={() => setDeleting(null)}
        title="Delete this address?"
        description={
          deleting ? `${deleting.full_name}, ${deleting.address_line1}, ${deleting.city}` : undefined
        }
        confirmLabel="Delete"
        busy={deleteAddress.isPending}
        onConfirm={() =>
          deleting && deleteAddress.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }
      />
    </CheckoutSection>
  );
}
