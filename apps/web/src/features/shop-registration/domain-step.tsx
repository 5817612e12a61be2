import type { Plan } from '@haat/contracts';
import type { FieldErrors } from '../../lib/form-errors.ts';
import { AddressBox, CustomDomainStep, SubdomainStep } from './domain-parts.tsx';
import { StepCard } from './wizard-fields.tsx';
import { type Domain, shopAddress } from './wizard-state.ts';

/** Is step 4 done enough to continue? Professional needs a checked name; Enterprise a recorded domain. */
export function domainReady(plan: Plan, d: Domain) {
  if (plan === 'professional') return d.status === 'available';
  if (plan === 'enterprise') return d.saved?.type === 'custom' && d.saved.name === d.name;
  return true;
}

/** Step 4: the address the shop will have on its plan (01 §4 domain check). */
export function DomainStep({
  plan,
  storeId,
  slug,
  platformDomain,
  value,
  onChange,
  errors,
}: {
  plan: Plan;
  storeId: string;
  slug: string;
  platformDomain: string;
  value: Domain;
  onChange: (patch: Partial<Domain>) => void;
  errors: FieldErrors;
}) {
  const address = shopAddress(plan, platformDomain, slug, value);

  if (plan === 'basic') {
    return (
      <StepCard title="Domain Setup" intro="Nothing to do on the Basic plan.">
        <AddressBox label="Your shop's address" address={address} />
      </StepCard>
    );
  }

  if (plan === 'professional')
    return (
      <SubdomainStep
        storeId={storeId}
        platformDomain={platformDomain}
        value={value}
        address={address}
        onChange={onChange}
        errors={errors}
      />
    );
  return <CustomDomainStep storeId={storeId} value={value} onChange={onChange} errors={errors} />;
}
