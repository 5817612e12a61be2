import { Resolver } from 'node:dns/promises';
import { schema, withStore } from '@haat/db';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../lib/deps.ts';
import { forgetDirectoryKey, forgetStorefront } from '../../lib/deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/auth.ts';
import { requireOwnedStore } from './onboarding.service.ts';

/** The record a vendor creates at their DNS provider so their domain points at their shop. */
export const dnsRecordFor = (deps: Deps, slug: string, domain: string) => ({
  type: 'CNAME' as const,
  name: domain,
  value: `${slug}.${deps.config.PLATFORM_DOMAIN}`,
});

function resolver(deps: Deps) {
  const r = new Resolver({ timeout: 3000, tries: 2 });
  if (deps.config.DNS_RESOLVER) r.setServers(deps.config.DNS_RESOLVER.split(',').map((s) => s.trim()));
  return r;
}

/**
 * Checks the shop's custom domain through DNS: it is verified when its CNAME points at the shop's platform
 * address. Only verified domains route to the shop.
 */
export async function verifyCustomDomain(deps: Deps, actor: Actor, storeId: string) {
  const store = await requireOwnedStore(deps, actor, storeId);
  const [row] = await deps.db
    .select()
    .from(schema.storeDomains)
    .where(and(eq(schema.storeDomains.storeId, store.id), eq(schema.storeDomains.domainType, 'custom')));
  if (!row) throw notFound('This shop has no custom domain yet');
  const record = dnsRecordFor(deps, store.slug, row.domainName);
  let targets: string[] = [];
  try {
    targets = await resolver(deps).resolveCname(row.domainName);
  } catch {
    targets = [];
  }
  const points = targets.some((t) => t.replace(/\.$/, '').toLowerCase() === record.value);
  if (!points) {
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      `We could not find the record yet. Create a CNAME record for ${record.name} pointing to ${record.value}, then verify again (DNS changes can take up to an hour).`,
      { reason: 'DNS_NOT_POINTING' },
    );
  }
  const verifiedAt = row.verifiedAt ?? new Date();
  await withStore(deps.db, store.id, (tx) =>
    tx.update(schema.storeDomains).set({ verifiedAt }).where(eq(schema.storeDomains.id, row.id)),
  );
  forgetStorefront(deps, store);
  forgetDirectoryKey(deps, `domain:${row.domainName}`);
  return { store_id: store.id, domain_name: row.domainName, verified: true, dns_record: record };
}
