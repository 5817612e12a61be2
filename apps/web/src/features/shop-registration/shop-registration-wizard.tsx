import { useState } from 'react';
import { useHost } from '../../app/host.tsx';
import { useQuery } from '../../lib/query.ts';
import { useSearchParams } from '../../lib/router.tsx';
import { useSession } from '../../lib/session/session-context.tsx';
import { domainReady } from './domain-step.tsx';
import { ResumePrompt } from './resume-prompt.tsx';
import { Stepper } from './stepper.tsx';
import { MINE, useLogoChoice, useStepSave } from './use-step-save.ts';
import { useWizardData } from './use-wizard-data.ts';
import { wizardApi } from './wizard-api.ts';
import { Loading, NotYourShop, useTerms, WizardNav, WizardStep } from './wizard-parts.tsx';
import { TOTAL_STEPS } from './wizard-state.ts';

/**
 * The vendor registration wizard (01 §2, §4, §5). The shop id and step live in the URL
 * (`?store=<id>&step=N`); every step shows what the server saved for the shop (get-store-registration, read
 * when the shop is opened), and the values being typed are kept in sessionStorage per shop meanwhile.
 */
export function ShopRegistrationWizard() {
  const host = useHost();
  const { session } = useSession();
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
  const shop = storeId ? mine.data?.find((s) => s.id === storeId) : undefined;
  const wizard = useWizardData(storeId, shop);
  const { data } = wizard;
  const [fresh, setFresh] = useState(false);
  const logo = useLogoChoice();
  const terms = useTerms();
  const goTo = (n: number, id = storeId) => {
    if (id) setParams({ store: id, step: String(n) });
  };
  const stepHref = (n: number) => `?${new URLSearchParams({ store: storeId ?? '', step: String(n) })}`;
  const token = session?.accessToken;
  const { errors, saving, onContinue } = useStepSave({ step, storeId, token, wizard, terms, logo, goTo });

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
  if (wizard.waiting) return <Loading />;
  if (storeId && mine.isSuccess && !mine.isFetching && !shop) return <NotYourShop />;

  const canContinue =
    step === 1
      ? !!(data.details.store_name.trim() && data.details.store_category_id && data.details.phone_number)
      : step === 4
        ? domainReady(data.plan, data.domain)
        : true;

  return (
    <div className="space-y-6">
      <Stepper step={step} />
      <WizardStep
        step={step}
        storeId={storeId}
        wizard={wizard}
        errors={errors}
        categories={categories}
        logo={logo.logo}
        onLogo={logo.chooseLogo}
        platformDomain={host.platformDomain}
        stepHref={stepHref}
        terms={terms}
      />
      <WizardNav
        step={step}
        saving={saving}
        canContinue={canContinue}
        onBack={() => goTo(step - 1)}
        onContinue={onContinue}
      />
    </div>
  );
}
