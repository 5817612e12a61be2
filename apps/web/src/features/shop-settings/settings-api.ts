import type {
  AdminCoupon,
  AdminDeliveryOption,
  couponFormBody,
  deliveryOptionBody,
  PolicyKind,
  ShopAddress,
  ShopPolicy,
  ShopSettings,
  shopAddressBody,
  shopContacts,
  shopContactsBody,
  shopSettingsBody,
} from '@haat/contracts';
import { useCallback } from 'react';
import type { z } from 'zod';
import { useQuery, useQueryClient } from '../../lib/query.ts';
import { adminCall, adminKey, useSelectedShop } from '../../lib/selected-shop.tsx';

export type { AdminCoupon, AdminDeliveryOption, PolicyKind, ShopAddress, ShopPolicy, ShopSettings };
export type DeliveryOptionInput = z.output<typeof deliveryOptionBody>;
export type CouponInput = z.output<typeof couponFormBody>;
export type SettingsInput = z.input<typeof shopSettingsBody>;
export type ContactsInput = z.output<typeof shopContactsBody>;
export type AddressInput = z.output<typeof shopAddressBody>;
export type ShopContacts = z.infer<typeof shopContacts>;
type Removed = { id: string };

const id = (v: string) => encodeURIComponent(v);

/**
 * The settings screen's calls (all under /api/admin for the selected shop). Writes are silent: each form shows
 * the server's field errors beside its fields and announces anything else itself.
 */
export const settingsApi = {
  deliveryOptions: (slug: string, signal?: AbortSignal) =>
    adminCall<AdminDeliveryOption[]>(slug, '/delivery-option/', { signal, silent: true }),
  addDeliveryOption: (slug: string, body: DeliveryOptionInput) =>
    adminCall<AdminDeliveryOption>(slug, '/delivery-option/', { method: 'POST', body, silent: true }),
  saveDeliveryOption: (slug: string, optionId: string, body: DeliveryOptionInput) =>
    adminCall<AdminDeliveryOption>(slug, `/delivery-option/${id(optionId)}/`, {
      method: 'PUT',
      body,
      silent: true,
    }),
  removeDeliveryOption: (slug: string, optionId: string) =>
    adminCall<Removed>(slug, `/delivery-option/${id(optionId)}/`, { method: 'DELETE', silent: true }),

  coupons: (slug: string, signal?: AbortSignal) =>
    adminCall<AdminCoupon[]>(slug, '/coupon/', { signal, silent: true }),
  addCoupon: (slug: string, body: CouponInput) =>
    adminCall<AdminCoupon>(slug, '/coupon/', { method: 'POST', body, silent: true }),
  saveCoupon: (slug: string, couponId: string, body: CouponInput) =>
    adminCall<AdminCoupon>(slug, `/coupon/${id(couponId)}/`, { method: 'PUT', body, silent: true }),
  removeCoupon: (slug: string, couponId: string) =>
    adminCall<Removed>(slug, `/coupon/${id(couponId)}/`, { method: 'DELETE', silent: true }),

  settings: (slug: string, signal?: AbortSignal) =>
    adminCall<ShopSettings>(slug, '/store-setting/', { signal, silent: true }),
  saveSettings: (slug: string, body: SettingsInput) =>
    adminCall<ShopSettings>(slug, '/store-setting/', { method: 'PUT', body, silent: true }),

  contacts: (slug: string, signal?: AbortSignal) =>
    adminCall<ShopContacts>(slug, '/store-contact/', { signal, silent: true }),
  saveContacts: (slug: string, body: ContactsInput) =>
    adminCall<ShopContacts>(slug, '/store-contact/', { method: 'PUT', body, silent: true }),

  policies: (slug: string, signal?: AbortSignal) =>
    adminCall<ShopPolicy[]>(slug, '/store-setting/policies/', { signal, silent: true }),
  savePolicy: (slug: string, kind: PolicyKind, body: string) =>
    adminCall<ShopPolicy>(slug, `/store-setting/policies/${kind}/`, {
      method: 'PUT',
      body: { body },
      silent: true,
    }),
  resetPolicy: (slug: string, kind: PolicyKind) =>
    adminCall<ShopPolicy>(slug, `/store-setting/policies/${kind}/`, { method: 'DELETE', silent: true }),

  address: (slug: string, signal?: AbortSignal) =>
    adminCall<ShopAddress>(slug, '/store-address/', { signal, silent: true }),
  saveAddress: (slug: string, body: AddressInput) =>
    adminCall<ShopAddress>(slug, '/store-address/', { method: 'PUT', body, silent: true }),
};

export const settingsKeys = {
  all: (slug: string) => adminKey(slug, 'settings'),
  deliveryOptions: (slug: string) => adminKey(slug, 'settings', 'delivery-options'),
  coupons: (slug: string) => adminKey(slug, 'settings', 'coupons'),
  settings: (slug: string) => adminKey(slug, 'settings', 'payments-policies'),
  contacts: (slug: string) => adminKey(slug, 'settings', 'contacts'),
  address: (slug: string) => adminKey(slug, 'settings', 'address'),
  policies: (slug: string) => adminKey(slug, 'settings', 'policies'),
};

/** The selected shop's slug; the settings screen only renders once there is one. */
export function useShopSlug() {
  const { shop } = useSelectedShop();
  return shop?.slug ?? '';
}

export const useDeliveryOptions = (slug: string) =>
  useQuery({
    queryKey: settingsKeys.deliveryOptions(slug),
    queryFn: ({ signal }) => settingsApi.deliveryOptions(slug, signal),
    enabled: !!slug,
  });

export const useCoupons = (slug: string) =>
  useQuery({
    queryKey: settingsKeys.coupons(slug),
    queryFn: ({ signal }) => settingsApi.coupons(slug, signal),
    enabled: !!slug,
  });

export const useShopSettings = (slug: string) =>
  useQuery({
    queryKey: settingsKeys.settings(slug),
    queryFn: ({ signal }) => settingsApi.settings(slug, signal),
    enabled: !!slug,
  });

export const useShopContacts = (slug: string) =>
  useQuery({
    queryKey: settingsKeys.contacts(slug),
    queryFn: ({ signal }) => settingsApi.contacts(slug, signal),
    enabled: !!slug,
  });

export const useShopPolicies = (slug: string) =>
  useQuery({
    queryKey: settingsKeys.policies(slug),
    queryFn: ({ signal }) => settingsApi.policies(slug, signal),
    enabled: !!slug,
  });

export const useShopAddress = (slug: string) =>
  useQuery({
    queryKey: settingsKeys.address(slug),
    queryFn: ({ signal }) => settingsApi.address(slug, signal),
    enabled: !!slug,
  });

/** Refetches one part of the settings after a change (delivery options also move the free-shipping line). */
export function useRefreshSettings() {
  const queryClient = useQueryClient();
  return useCallback(
    (key: readonly unknown[]) => queryClient.invalidateQueries({ queryKey: key }),
    [queryClient],
  );
}
