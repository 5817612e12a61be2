import { z } from 'zod';
import { otherShopAddress } from './orders.ts';
import { wishlistShop } from './wishlist.ts';

/*
 * "Your Haat account" (issue 40, decision 0032, the DPDP Act 2023): which shops hold the shopper's data and what,
 * and deleting the account. Shared by the storefront's page and the server's routes.
 */

/** What one shop holds of the shopper: its customer row's name and phone, addresses and orders, since when. */
export const heldAtShop = z.object({
  store_name: z.string(),
  slug: z.string(),
  /** The shop whose page this is (the session's). */
  this_shop: z.boolean(),
  email: z.string(),
  /** Null: the shop holds no name (the shopper has only signed in there). */
  name: z.string().nullable(),
  phone: z.string().nullable(),
  addresses: z.number().int(),
  orders: z.number().int(),
  /** When the shopper shared their name, phone and address with the shop (their first order there); null: never. */
  shared_at: z.string().nullable(),
  /** When the shop's customer row was made (the first sign-in or sign-up there). */
  since: z.string(),
});
export type HeldAtShop = z.infer<typeof heldAtShop>;

export const haatAccount = z.object({
  email: z.string(),
  /** Whether the shopper has one Haat account across shops (else: an account of this shop alone, from before). */
  linked: z.boolean(),
  shops: z.array(heldAtShop),
});
export type HaatAccount = z.infer<typeof haatAccount>;

/**
 * The marketplace's account page (decision 0036): the shops holding the data, with the addresses saved and the
 * products saved to wishlists at every shop of the account.
 */
export const marketplaceAccount = haatAccount.extend({
  addresses: z.array(otherShopAddress),
  wishlist: z.array(wishlistShop),
});
export type MarketplaceAccount = z.infer<typeof marketplaceAccount>;

/** Deleting the account: the shopper types their email to confirm. */
export const deleteAccountBody = z.strictObject({
  confirm_email: z
    .string({ error: 'Type your email to confirm' })
    .trim()
    .toLowerCase()
    .min(1, 'Type your email to confirm')
    .max(254, 'Email is too long'),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

export const deleteAccountResult = z.object({
  /** How many shops' customer rows were anonymised. */
  shops: z.number().int(),
  /** Orders that stay with the shops, anonymised. */
  orders_kept: z.number().int(),
});
export type DeleteAccountResult = z.infer<typeof deleteAccountResult>;

/** What an anonymised order, customer row or invoice shows instead of the shopper's name. */
export const ERASED_NAME = 'Erased customer';

/**
 * The tax invoice value from which a B2C invoice must carry the recipient's name and delivery address (CGST Rules,
 * rule 46(e)): ₹50,000, in paise. Below it (and without a GSTIN) they are removed when the account is deleted.
 */
export const INVOICE_NAME_REQUIRED_PAISE = 5_000_000;
