import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { FieldErrors } from '../../lib/form-errors.ts';
import { Link } from '../../lib/router.tsx';
import { AddressStep } from './address-step.tsx';
import { DetailsStep, type LogoChoice } from './details-step.tsx';
import { DomainStep } from './domain-step.tsx';
import { PlanStep } from './plan-step.tsx';
import { ReviewStep } from './review-step.tsx';
import type { useWizardData } from './use-wizard-data.ts';
import type { Category } from './wizard-api.ts';
import { TOTAL_STEPS } from './wizard-state.ts';

export function Loading() {
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-12 text-slate-600">
      <Spinner />
      Loading..
    </p>
  );
}

export function NotYourShop() {
  return (
    <div role="alert" className="rounded-2xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">
      <p>We could not find this shop among yours.</p>
      <Link to="/shopregistration" className={`${buttonStyles.primary} mt-4`}>
        Register a shop
      </Link>
    </div>
  );
}

/** The review step's terms box: accepted or not, and the problem shown until it is. */
export function useTerms() {
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState<string>();
  const onTerms = (t: boolean) => {
    setTerms(t);
    if (t) setTermsError(undefined);
  };
  return { terms, termsError, setTermsError, onTerms };
}

export function WizardStep({
  step,
  storeId,
  wizard,
  errors,
  categories,
  logo,
  onLogo,
  platformDomain,
  stepHref,
  terms,
}: {
  step: number;
  storeId: string | null;
  wizard: ReturnType<typeof useWizardData>;
  errors: FieldErrors;
  categories: { data?: Category[]; isPending: boolean };
  logo: LogoChoice;
  onLogo: (file: File | null) => void;
  platformDomain: string;
  stepHref: (n: number) => string;
  terms: ReturnType<typeof useTerms>;
}) {
  const { data, setData, update, updateAddress } = wizard;
  if (step === 1)
    return (
      <DetailsStep
        value={data.details}
        onChange={(p) => update('details', p)}
        errors={errors}
        categories={categories.data ?? []}
        categoriesLoading={categories.isPending}
        logo={logo}
        onLogo={onLogo}
      />
    );
  if (step === 2) return <AddressStep value={data.address} onChange={updateAddress} errors={errors} />;
  if (step === 3)
    return (
      <PlanStep
        value={data.plan}
        onChange={(plan) => setData((d) => ({ ...d, plan }))}
        platformDomain={platformDomain}
        slug={data.slug}
      />
    );
  if (step === 4 && storeId)
    return (
      <DomainStep
        plan={data.plan}
        storeId={storeId}
        slug={data.slug}
        platformDomain={platformDomain}
        value={data.domain}
        onChange={(p) => update('domain', p)}
        errors={errors}
      />
    );
  return (
    <ReviewStep
      data={data}
      categories={categories.data ?? []}
      categoriesLoading={categories.isPending}
      platformDomain={platformDomain}
      stepHref={stepHref}
      terms={terms.terms}
      onTerms={terms.onTerms}
      termsError={terms.termsError}
    />
  );
}

export function WizardNav({
  step,
  saving,
  canContinue,
  onBack,
  onContinue,
}: {
  step: number;
  saving: boolean;
  canContinue: boolean;
  onBack: () => void;
  onContinue: () => void;
}) {
  return (
    <div className="flex items-center justify-between gap-3">
      <button
        type="button"
        className={buttonStyles.secondary}
        disabled={step === 1 || saving}
        onClick={onBack}
      >
        <ArrowLeft aria-hidden className="size-4" />
        Previous
      </button>
      <button
        type="button"
        className={buttonStyles.primary}
        disabled={!canContinue || saving}
        aria-busy={saving}
        onClick={onContinue}
      >
        {saving ? <Spinner /> : null}
        {saving ? 'Please wait...' : step === TOTAL_STEPS ? 'Complete Registration' : 'Continue'}
        {saving || step === TOTAL_STEPS ? null : <ArrowRight aria-hidden className="size-4" />}
      </button>
    </div>
  );
}
