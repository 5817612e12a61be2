import type * as checkoutRepo from './checkout.repository.ts';

type SavedAddress = NonNullable<Awaited<ReturnType<typeof checkoutRepo.findAddress>>>;

/**
 * An order's billing columns from the address the customer chose to bill to ("billing address same as shipping"
 * unticked), or none: the order is then billed to its shipping address.
 */
export function billingColumns(a: SavedAddress | null) {
  if (!a) return {};
  return {
    billName: a.fullName,
    billPhone: a.phoneNumber,
    billLine1: a.addressLine1,
    billLine2: a.addressLine2,
    billCity: a.city,
    billState: a.state,
    billPostalCode: a.postalCode,
  };
}
