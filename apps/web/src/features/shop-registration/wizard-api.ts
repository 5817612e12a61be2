import type { Plan } from '@haat/contracts';
import { queryApi } from '../../lib/api.ts';
import { uploadImage } from '../../lib/upload.ts';

/** The wizard's calls (01 §7). Failures are announced by the api client; field issues come back on the error. */
export interface Category {
  id: string;
  name: string;
}
export interface MyShop {
  id: string;
  slug: string;
  store_name: string;
  plan: string;
  online_status: string;
  has_address: boolean;
  created_at: string;
}
export interface SavedShop {
  id: string;
  slug: string;
  store_name: string;
  plan: string;
  online_status: string;
}
export interface DnsRecord {
  type: 'CNAME';
  name: string;
  value: string;
}
export interface SavedDomain {
  store_id: string;
  domain_name: string;
  domain_type: 'subdomain' | 'custom';
  verified: boolean;
  dns_record: DnsRecord | null;
}
export type DomainType = 'subdomain' | 'custom';
/** What the server saved for a shop in the wizard (GET get-store-registration/). */
export interface Registration {
  id: string;
  slug: string;
  store_name: string;
  store_category_id: string | null;
  category_name: string | null;
  phone_number: string | null;
  description: string | null;
  short_description: string | null;
  contacts: { contact_type: string; phone_number: string }[];
  image: string | null;
  address: {
    address_line_1: string;
    address_line_2: string | null;
    city: string;
    state: string;
    country: string;
    postal_code: string;
    latitude: number | null;
    longitude: number | null;
  } | null;
  plan: string;
  online_status: string;
  custom_domain: { domain_name: string; verified: boolean; dns_record: DnsRecord } | null;
}

const post = <T>(path: string, body: unknown, silent = false) =>
  queryApi<T>(path, { method: 'POST', body, silent });

export const wizardApi = {
  categories: (signal?: AbortSignal) =>
    queryApi<Category[]>('/api/store/shop/category/', { query: { limit: 100, offset: 0 }, signal }),
  myShops: (signal?: AbortSignal) =>
    queryApi<MyShop[]>('/api/store/shop/shop/mine/', {
      signal,
      errorMessage: 'Failed to fetch shops. Please try again later.',
    }),
  registration: (storeId: string, signal?: AbortSignal) =>
    queryApi<Registration>('/api/store/get-store-registration/', { query: { store_id: storeId }, signal }),
  createShop: (body: unknown) => post<SavedShop>('/api/store/shop/shop/create-store/', body),
  updateShop: (id: string, body: unknown) =>
    queryApi<SavedShop>(`/api/store/shop/shop/${encodeURIComponent(id)}/`, { method: 'PUT', body }),
  saveAddress: (body: unknown) => post<unknown>('/api/store/create-store-address/', body),
  savePlan: (storeId: string, plan: Plan) =>
    post<unknown>('/api/store/create-store-plan/', { store_id: storeId, plan }),
  /** Silent: a failed check is simply shown as "Not available" (01 §8). */
  checkDomain: (storeId: string, domain: string, type: DomainType) =>
    post<{ domain: string; status: boolean }>(
      '/api/store/check-domain-available/',
      { domain, domain_type: type, store_id: storeId },
      true,
    ),
  saveDomain: (storeId: string, domain: string, type: DomainType) =>
    post<SavedDomain>('/api/store/create-store-domain/', {
      store_id: storeId,
      domain_name: domain,
      domain_type: type,
      isDomainValid: true,
    }),
  verifyDomain: (storeId: string) =>
    post<SavedDomain>('/api/store/verify-store-domain/', { store_id: storeId }, true),
};

export const LOGO_TYPES = ['image/png', 'image/jpeg'];
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

/** The browser's own check of a chosen logo: the message to show, or null when it may be uploaded. */
export function logoProblem(file: File): string | null {
  if (!LOGO_TYPES.includes(file.type)) return 'Choose a PNG or JPG image';
  if (file.size > LOGO_MAX_BYTES) return 'The logo must be 5MB or smaller';
  return null;
}

/**
 * Uploads the logo with the vendor's token; the server re-encodes it and answers with its address. Failures get
 * the catalogue's toast and throw an ApiError.
 */
export const uploadLogo = (storeId: string, file: File, token: string) =>
  uploadImage(file, { storeId, kind: 'logo', token, errorMessage: 'The logo could not be uploaded' });
