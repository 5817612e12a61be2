import type { StoreDetail } from '@haat/contracts';
import { formatPhone } from '@haat/contracts/phone';

/**
 * The shop's phone numbers, each once: '+91 98480 11122' and '9848011122' are the same number, so
 * numbers are compared by their last ten digits, and each is shown one way (formatPhone).
 */
export function storePhones(store: StoreDetail, extra: (string | null | undefined)[] = []): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of [...extra, store.phone_number, ...store.contacts.map((c) => c.phone_number)]) {
    const phone = raw?.trim();
    const key = phone?.replace(/\D/g, '').slice(-10);
    if (!phone || !key || seen.has(key)) continue;
    seen.add(key);
    out.push(formatPhone(phone));
  }
  return out;
}
