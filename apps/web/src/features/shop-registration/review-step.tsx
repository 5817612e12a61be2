import { formatPhone } from '@haat/contracts/phone';
import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { CheckboxField } from '../../components/ui/fields.tsx';
import { Link } from '../../lib/router.tsx';
import { PLAN_INFO } from '../plans/index.ts';
import { planPrice } from './plan-step.tsx';
import type { Category } from './wizard-api.ts';
import { StepCard } from './wizard-fields.tsx';
import { shopAddress, type WizardData } from './wizard-state.ts';

const legalLink = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';

/** Step 5: everything entered, with links back to each step, and the terms to accept. */
export function ReviewStep({
  data,
  categories,
  categoriesLoading,
  platformDomain,
  stepHref,
  terms,
  onTerms,
  termsError,
}: {
  data: WizardData;
  categories: Category[];
  /** The category names are still on their way: say so rather than "—" (which reads as "none chosen"). */
  categoriesLoading: boolean;
  platformDomain: string;
  stepHref: (step: number) => string;
  terms: boolean;
  onTerms: (t: boolean) => void;
  termsError?: string;
}) {
  const { details: d, address: a, plan, domain } = data;
  const category =
    categories.find((c) => c.id === d.store_category_id)?.name ??
    (d.store_category_id && categoriesLoading ? 'Loading…' : undefined);
  const phones = [
    `Primary: ${formatPhone(d.phone_number)}`,
    ...d.contacts.map((c) => `${c.contact_type}: ${formatPhone(c.phone_number)}`),
  ];
  const place = [a.address_line_1, a.address_line_2, a.city, a.state, a.postal_code, a.country].filter(
    Boolean,
  );

  return (
    <StepCard title="Review" intro="Check your details before you design your shop.">
      <Block title="Shop Details" href={stepHref(1)}>
        <Row label="Shop name">{d.store_name || '—'}</Row>
        <Row label="Category">{category ?? '—'}</Row>
        {d.short_description ? <Row label="Short description">{d.short_description}</Row> : null}
        <Row label="Contacts">{d.phone_number ? phones.join(', ') : '—'}</Row>
        {d.image ? (
          <Row label="Logo">
            <img
              src={d.image}
              alt="Shop logo"
              className="size-12 rounded-lg object-cover ring-1 ring-slate-200"
            />
          </Row>
        ) : null}
      </Block>
      <Block title="Address" href={stepHref(2)}>
        <Row label="Address">{place.length ? place.join(', ') : '—'}</Row>
        {a.latitude && a.longitude ? <Row label="Coordinates">{`${a.latitude}, ${a.longitude}`}</Row> : null}
      </Block>
      <Block title="Plan" href={stepHref(3)}>
        <Row label="Plan">{`${PLAN_INFO.find((p) => p.id === plan)?.name ?? plan} (${planPrice(plan)})`}</Row>
      </Block>
      <Block title="Domain" href={stepHref(4)}>
        <Row label="Shop address">
          <span className="font-mono break-all">{shopAddress(plan, platformDomain, data.slug, domain)}</span>
        </Row>
        {plan === 'enterprise' && domain.saved?.type === 'custom' ? (
          <Row label="Verification">{domain.saved.verified ? 'Verified' : 'Waiting for the DNS record'}</Row>
        ) : null}
      </Block>
      <CheckboxField checked={terms} onChange={onTerms} error={termsError}>
        I agree to the{' '}
        <a href="/terms" target="_blank" rel="noopener" className={legalLink}>
          Terms of Service
        </a>{' '}
        and{' '}
        <a href="/privacy" target="_blank" rel="noopener" className={legalLink}>
          Privacy Policy
        </a>
      </CheckboxField>
    </StepCard>
  );
}

function Block({ title, href, children }: { title: string; href: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <Link
          to={href}
          aria-label={`Edit ${title}`}
          className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          <Pencil aria-hidden className="size-3.5" />
          Edit
        </Link>
      </div>
      <dl className="mt-2 space-y-1.5 text-sm">{children}</dl>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[9rem_1fr] sm:gap-2">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-slate-900 break-words">{children}</dd>
    </div>
  );
}
