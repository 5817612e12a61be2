import type { Address } from '@haat/contracts';
import { CheckboxField } from '../../components/ui/fields.tsx';
import { AddressSection } from './address-section.tsx';

/**
 * "Billing address same as shipping" (on by default). Unticked, the shopper picks or adds the address the tax
 * invoice is made out to; the order still ships to the delivery address, whose state is the place of supply.
 */
export function BillingAddress({
  slug,
  addresses,
  same,
  onSameChange,
  selectedId,
  onSelect,
}: {
  slug: string;
  addresses: Address[];
  same: boolean;
  onSameChange: (same: boolean) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  return (
    <>
      <div className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm sm:px-5">
        <CheckboxField checked={same} onChange={onSameChange}>
          Billing address same as shipping
        </CheckboxField>
      </div>
      {same ? null : (
        <AddressSection
          slug={slug}
          addresses={addresses}
          selectedId={selectedId}
          onSelect={onSelect}
          kind="billing"
        />
      )}
    </>
  );
}
