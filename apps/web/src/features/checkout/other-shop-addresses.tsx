import type { AddressBody, OtherShopAddress } from '@haat/contracts';
import { formatPhone } from '@haat/contracts/phone';
import { queryApi } from '../../lib/api.ts';
import { announceSignedInFailure } from '../../lib/form-errors.ts';
import { useQuery } from '../../lib/query.ts';
import { useCheckoutMutations } from './checkout-api.ts';

const OTHER_SHOPS_PATH = '/api/store/address/other-shops/';

const toBody = (a: OtherShopAddress, isDefault: boolean): AddressBody => ({
  full_name: a.full_name,
  ...(a.phone_number ? { phone_number: a.phone_number } : {}),
  address_line1: a.address_line1,
  address_line2: a.address_line2,
  city: a.city,
  state: a.state as AddressBody['state'],
  postal_code: a.postal_code,
  country: 'India',
  is_default: isDefault,
});

/**
 * The addresses the shopper saved at their other Haat shops (one Haat account, decision 0029): one tap saves one
 * here and chooses it for this order. Nothing shows when there are none.
 */
export function OtherShopAddresses({
  slug,
  firstAddress,
  onUsed,
}: {
  slug: string;
  firstAddress: boolean;
  onUsed: (id: string) => void;
}) {
  const { createAddress } = useCheckoutMutations(slug);
  const { data } = useQuery({
    queryKey: ['checkout', slug, 'other-shop-addresses'],
    queryFn: ({ signal }) => queryApi<OtherShopAddress[]>(OTHER_SHOPS_PATH, { storeOrigin: slug, signal }),
    staleTime: 0,
  });
  if (!data?.length) return null;
  const use = (a: OtherShopAddress) =>
    createAddress.mutate(toBody(a, firstAddress), {
      onSuccess: (saved) => onUsed(saved.id),
      onError: (err) => void announceSignedInFailure(err),
    });
  return (
    <section aria-label="Saved at your other Haat shops" className="my-4 first:mt-0">
      <h3 className="text-sm font-semibold text-slate-900">Saved at your other Haat shops</h3>
      <ul className="mt-2 space-y-2">
        {data.map((a) => (
          <li
            key={`${a.shop_name}|${a.full_name}|${a.address_line1}|${a.postal_code}`}
            className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-dashed border-slate-300 p-3"
          >
            <span className="min-w-0 text-sm text-slate-700">
              <span className="block font-semibold text-slate-900">{a.full_name}</span>
              <span className="block">
                {a.address_line1}
                {a.address_line2 ? `, ${a.address_line2}` : ''}, {a.city}, {a.state} {a.postal_code}
              </span>
              {a.phone_number ? <span className="block">Phone: {formatPhone(a.phone_number)}</span> : null}
              <span className="block text-xs text-slate-500">Saved at {a.shop_name}</span>
            </span>
            <button
              type="button"
              disabled={createAddress.isPending}
              onClick={() => use(a)}
              className="rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-50"
            >
              Use this address<span className="sr-only"> ({a.address_line1})</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
