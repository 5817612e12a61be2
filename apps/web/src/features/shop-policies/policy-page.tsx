import type { ShopPolicy } from '@haat/contracts';
import { POLICY_KINDS, POLICY_TITLES, type PolicyKind } from '@haat/contracts/policy-text';
import { useLayoutEffect } from 'react';
import { TextBlocks } from '../../components/ui/text-blocks.tsx';
import { queryApi } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { useQuery } from '../../lib/query.ts';
import { Link, useParams } from '../../lib/router.tsx';
import { policyPath } from './policy-links.ts';

const isKind = (v: string | undefined): v is PolicyKind => POLICY_KINDS.includes(v as PolicyKind);

/** One of the shop's policy pages (privacy, terms, refund, shipping, returns), with links to the others. */
export function PolicyPage({ slug, base, storeName }: { slug: string; base: string; storeName: string }) {
  const { kind } = useParams();
  const valid = isKind(kind);
  const policy = useQuery({
    queryKey: ['shop-policy', slug, kind],
    queryFn: ({ signal }) =>
      queryApi<ShopPolicy>(`/api/store/store-policy/${kind}/`, { storeOrigin: slug, signal }),
    enabled: valid,
  });
  const title = valid ? POLICY_TITLES[kind] : 'Policy not found';
  useLayoutEffect(() => {
    document.title = `${title} · ${storeName}`;
  }, [title, storeName]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:py-12">
      <p className="text-sm font-semibold text-brand-700">{storeName}</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      {!valid ? (
        <p className="mt-4 text-slate-600">This shop has no such page. Its policies are listed below.</p>
      ) : policy.data ? (
        <>
          {policy.data.updated_at ? (
            <p className="mt-1 text-sm text-slate-500">Last updated {formatDate(policy.data.updated_at)}</p>
          ) : null}
          <article
            aria-label={title}
            className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
          >
            <TextBlocks text={policy.data.body} />
          </article>
        </>
      ) : policy.isError ? (
        <p role="alert" className="mt-4 text-slate-600">
          This page could not be loaded. Please try again.
        </p>
      ) : (
        <p role="status" className="mt-6 text-slate-600">
          Loading..
        </p>
      )}
      <nav aria-label="Shop policies" className="mt-8">
        <ul className="flex flex-wrap gap-2">
          {POLICY_KINDS.filter((k) => k !== kind).map((k) => (
            <li key={k}>
              <Link
                to={policyPath(base, k)}
                className="inline-block rounded-full bg-white px-3.5 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-200 hover:bg-brand-50 hover:text-brand-700"
              >
                {POLICY_TITLES[k]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
