import type { Address, AddressBody, CheckoutData } from '@haat/contracts';
import { queryApi } from '../../lib/api.ts';
import { useMutation, useQuery, useQueryClient } from '../../lib/query.ts';
import { toast } from '../../lib/toast.ts';

const ADDRESS_PATH = '/api/store/address/';
const CONTACT_PATH = '/api/store/store-user/user-contact/';
const CHECKOUT_PATH = '/api/store/store-user/user-checkout/';

export const checkoutKey = (slug: string) => ['checkout', slug] as const;

/** Everything checkout shows (02 §3): the selected lines, totals, addresses, delivery, contact, payment. */
export function useCheckout(slug: string) {
  return useQuery({
    queryKey: checkoutKey(slug),
    queryFn: ({ signal }) => queryApi<CheckoutData>(CHECKOUT_PATH, { storeOrigin: slug, signal }),
    // Prices and stock move: checkout asks the server each time it is opened, and forgets it when left.
    staleTime: 0,
    gcTime: 0,
  });
}

/** The saved address list after `saved` was created or changed: a new default is the only default. */
function withAddress(list: Address[], saved: Address): Address[] {
  const others = list
    .filter((a) => a.id !== saved.id)
    .map((a) => (saved.is_default ? { ...a, is_default: false, isDefault: false } : a));
  const at = list.findIndex((a) => a.id === saved.id);
  if (at < 0) return [...others, saved];
  others.splice(at, 0, saved);
  return others;
}

/** An address as the form's body (to send it again, e.g. as the new default). */
export function addressToBody(a: Address): AddressBody {
  return {
    full_name: a.full_name,
    ...(a.phone_number ? { phone_number: a.phone_number } : {}),
    address_line1: a.address_line1,
    address_line2: a.address_line2,
    city: a.city,
    state: a.state as AddressBody['state'],
    postal_code: a.postal_code,
    country: 'India',
    is_default: a.is_default,
  };
}

/**
 * Add, change and delete addresses, and the contact phone. The answers go straight into the checkout data.
 * The calls are silent: the forms show field issues inline and announce anything else themselves.
 */
export function useCheckoutMutations(slug: string) {
  const client = useQueryClient();
  const update = (fn: (d: CheckoutData) => CheckoutData) =>
    client.setQueryData<CheckoutData>(checkoutKey(slug), (d) => (d ? fn(d) : d));
  // The address shows at once; checkout then reloads, as whether COD is offered depends on its PIN code and state.
  const putAddress = (saved: Address) => {
    update((d) => ({ ...d, user_address: withAddress(d.user_address, saved) }));
    void client.invalidateQueries({ queryKey: checkoutKey(slug) });
  };

  const createAddress = useMutation({
    mutationFn: (body: AddressBody) =>
      queryApi<Address>(ADDRESS_PATH, { method: 'POST', body, storeOrigin: slug, silent: true }),
    onSuccess: (saved) => {
      putAddress(saved);
      toast.success('Address saved');
    },
  });
  const updateAddress = useMutation({
    mutationFn: ({ id, body }: { id: string; body: AddressBody }) =>
      queryApi<Address>(`${ADDRESS_PATH}${encodeURIComponent(id)}/`, {
        method: 'PUT',
        body,
        storeOrigin: slug,
        silent: true,
      }),
    onSuccess: putAddress,
  });
  const deleteAddress = useMutation({
    mutationFn: (id: string) =>
      queryApi<{ id: string }>(`${ADDRESS_PATH}${encodeURIComponent(id)}/`, {
        method: 'DELETE',
        storeOrigin: slug,
      }),
    onSuccess: ({ id }) => {
      update((d) => ({ ...d, user_address: d.user_address.filter((a) => a.id !== id) }));
      toast.success('Address deleted');
    },
  });
  const updatePhone = useMutation({
    mutationFn: (phone_number: string) =>
      queryApi<CheckoutData['user_contact']>(CONTACT_PATH, {
        method: 'PUT',
        body: { phone_number },
        storeOrigin: slug,
        silent: true,
      }),
    onSuccess: (contact) => {
      update((d) => ({ ...d, user_contact: contact }));
      toast.success('Phone number saved');
    },
  });
  return { createAddress, updateAddress, deleteAddress, updatePhone };
}
