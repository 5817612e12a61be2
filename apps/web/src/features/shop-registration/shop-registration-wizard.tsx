import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useHost } from '../../app/host.tsx';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { FieldErrors } from '../../lib/form-errors.ts';
import { useQuery, useQueryClient } from '../../lib/query.ts';
import { Link, useNavigate, useSearchParams } from '../../lib/router.tsx';
import { useSession } from '../../lib/session/session-context.tsx';
import { AddressStep } from './address-step.tsx';
import { DetailsStep, type LogoChoice } from './details-step.tsx';
import { DomainStep, domainReady } from './domain-step.tsx';
import { PlanStep } from './plan-step.tsx';
import { ResumePrompt } from './resume-prompt.tsx';
import { ReviewStep } from './review-step.tsx';
import { saveStep } from './save-step.ts';
import { Stepper } from './stepper.tsx';
import { logoProblem, wizardApi } from './wizard-api.ts';
import {
  type Address,
  emptyData,
  fromRegistration,
  loadData,
  storeData,
  TOTAL_STEPS,
  type WizardData,
} from './wizard-state.ts';

const NO_LOGO: LogoChoice = { file: null, preview: null };
const MINE = ['shop-registration', 'mine'];

/**
 * The vendor registration wizard (01 §2, §4, §5). The shop id and step live in the URL
 * (`?store=<id>&step=N`); every step shows what the server saved for the shop (get-store-registration, read
 * when the shop is opened), and the values being typed are kept in sessionStorage per shop meanwhile.
 */
export function ShopRegistrationWizard() {
  const host = useHost();
  const { session } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const storeId = params.get('store');
  const step = storeId ? Math.min(Math.max(Number(params.get('step')) || 1, 1), TOTAL_STEPS) : 1;

  const categories = useQuery({
    queryKey: ['shop-registration', 'categories'],
    queryFn: ({ signal }) => wizardApi.categories(signal),
  });
  const mine = useQuery({
    queryKey: MINE,
    queryFn: ({ signal }) => wizardApi.myShops(signal),
  });

  const [loadedFor, setLoadedFor] = useState(storeId);
  const [data, setData] = useState<WizardData>(() => (storeId && loadData(storeId)) || emptyData());
  if (loadedFor !== storeId) {
    setLoadedFor(storeId);
    setData((storeId && loadData(storeId)) || emptyData());
  }
  const [fresh, setFresh] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [logo, setLogo] = useState<LogoChoice>(NO_LOGO);
  const [saving, setSaving] = useState(false);
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState<string>();

  const shop = storeId ? mine.data?.find((s) => s.id === storeId) : undefined;
  // Every step shows what the server saved (another tab or device may have saved it): read once per shop.
  const saved = useQuery({
    queryKey: ['shop-registration', 'registration', storeId],
    queryFn: ({ signal }) => wizardApi.registration(storeId ?? '', signal),
    enabled: !!storeId && !!shop,
    staleTime: 0,
    gcTime: 0,
  });
  const [appliedFor, setAppliedFor] = useState<string | null>(null);
  const server = saved.data;
  if (storeId && server?.id === storeId && !saved.isFetching && appliedFor !== storeId) {
    setAppliedFor(storeId);
    setData((d) => fromRegistration(server, d));
  }
  useEffect(() => {
    if (storeId) storeData(storeId, data);
  }, [storeId, data]);

  const [shownStep, setShownStep] = useState(step);
  if (shownStep !== step) {
    setShownStep(step);
    setErrors({});
  }

  const goTo = (n: number, id = storeId) => {
    if (id) setParams({ store: id, step: String(n) });
  };
  const stepHref = (n: number) => `?${new URLSearchParams({ store: storeId ?? '', step: String(n) })}`;

  const update = useCallback(
    <K extends keyof WizardData>(
      key: K,
      patch: Partial<WizardData[K]> | ((v: WizardData[K]) => Partial<WizardData[K]>),
    ) => {
      setData((d) => ({
        ...d,
        [key]: { ...(d[key] as object), ...(typeof patch === 'function' ? patch(d[key]) : patch) },
      }));
    },
    [],
  );
  const updateAddress = useCallback(
    (p: Partial<Address> | ((a: Address) => Partial<Address>)) => update('address', p),
    [update],
  );

  const chooseLogo = (file: File | null) => {
    if (logo.preview) URL.revokeObjectURL(logo.preview);
    if (!file) return setLogo(NO_LOGO);
    const problem = logoProblem(file);
    setLogo(
      problem ? { file: null, preview: null, error: problem } : { file, preview: URL.createObjectURL(file) },
    );
  };

  if (!session) return null;
  if (!storeId && !fresh) {
    if (mine.isPending) return <Loading />;
    const draft = mine.data
      ?.filter((s) => s.online_status === 'DRAFT')
      .sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
    if (draft)
      return (
        <ResumePrompt
          shop={draft}
          onResume={() => goTo(draft.has_address ? 3 : 2, draft.id)}
          onNew={() => setFresh(true)}
        />
      );
  }
  if (storeId && shop && appliedFor !== storeId && saved.isFetching) return <Loading />;
  if (storeId && mine.isSuccess && !mine.isFetching && !shop) {
    return (
      <div role="alert" className="rounded-2xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">
        <p>We could not find this shop among yours.</p>
        <Link to="/shopregistration" className={`${buttonStyles.primary} mt-4`}>
          Register a shop
        </Link>
      </div>
    );
  }

  const canContinue =
    step === 1
      ? !!(data.details.store_name.trim() && data.details.store_category_id && data.details.phone_number)
      : step === 4
        ? domainReady(data.plan, data.domain)
        : true;

  const onContinue = async () => {
    if (saving) return;
    if (step === TOTAL_STEPS) {
      if (!terms) return setTermsError('Please accept the Terms of Service and Privacy Policy');
      navigate(`/shopregistration/storetemplate/${storeId}`);
      return;
    }
    setSaving(true);
    const result = await saveStep({ step, storeId, data, logo: logo.file, token: session.accessToken });
    setSaving(false);
    if (result.data) {
      if (result.storeId) storeData(result.storeId, result.data);
      setData(result.data);
    }
    if (!result.ok) {
      setErrors(result.errors);
      if (result.storeId && result.storeId !== storeId) goTo(1, result.storeId);
      return;
    }
    // The shop list feeds the resume offer and knows the new shop; a new shop must be in it before moving on.
    const refreshed = queryClient.invalidateQueries({ queryKey: MINE });
    if (!storeId) await refreshed;
    if (step === 1) chooseLogo(null);
    goTo(step + 1, result.storeId);
  };

  const platformDomain = host.platformDomain;
  return (
    <div className="space-y-6">
      <Stepper step={step} />
      {step === 1 ? (
        <DetailsStep
          value={data.details}
          onChange={(p) => update('details', p)}
          errors={errors}
          categories={categories.data ?? []}
          categoriesLoading={categories.isPending}
          logo={logo}
          onLogo={chooseLogo}
        />
      ) : step === 2 ? (
        <AddressStep value={data.address} onChange={updateAddress} errors={errors} />
      ) : step === 3 ? (
        <PlanStep
          value={data.plan}
          onChange={(plan) => setData((d) => ({ ...d, plan }))}
          platformDomain={platformDomain}
          slug={data.slug}
        />
      ) : step === 4 && storeId ? (
        <DomainStep
          plan={data.plan}
          storeId={storeId}
          slug={data.slug}
          platformDomain={platformDomain}
          value={data.domain}
          onChange={(p) => update('domain', p)}
          errors={errors}
        />
      ) : (
        <ReviewStep
          data={data}
          categories={categories.data ?? []}
          categoriesLoading={categories.isPending}
          platformDomain={platformDomain}
          stepHref={stepHref}
          terms={terms}
          onTerms={(t) => {
            setTerms(t);
            if (t) setTermsError(undefined);
          }}
          termsError={termsError}
        />
      )}
      <div className="flex items-center justify-between gap-3">
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={step === 1 || saving}
          onClick={() => goTo(step - 1)}
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
    </div>
  );
}

function Loading() {
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-12 text-slate-600">
      <Spinner />
      Loading..
    </p>
  );
}
