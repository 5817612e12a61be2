import { useState } from 'react';
import type { FieldErrors } from '../../lib/form-errors.ts';
import { useQueryClient } from '../../lib/query.ts';
import { useNavigate } from '../../lib/router.tsx';
import type { LogoChoice } from './details-step.tsx';
import { saveStep } from './save-step.ts';
import type { useWizardData } from './use-wizard-data.ts';
import { logoProblem } from './wizard-api.ts';
import type { useTerms } from './wizard-parts.tsx';
import { storeData, TOTAL_STEPS } from './wizard-state.ts';

const NO_LOGO: LogoChoice = { file: null, preview: null };
export const MINE = ['shop-registration', 'mine'];

/** The logo chosen on the first step, with its preview (revoked when replaced) or why it was refused. */
export function useLogoChoice() {
  const [logo, setLogo] = useState<LogoChoice>(NO_LOGO);
  const chooseLogo = (file: File | null) => {
    if (logo.preview) URL.revokeObjectURL(logo.preview);
    if (!file) return setLogo(NO_LOGO);
    const problem = logoProblem(file);
    setLogo(
      problem ? { file: null, preview: null, error: problem } : { file, preview: URL.createObjectURL(file) },
    );
  };
  return { logo, chooseLogo };
}

/** Continue: saves the step (the last one goes on to the template), shows the server's field problems, moves on. */
export function useStepSave({
  step,
  storeId,
  token,
  wizard,
  terms,
  logo,
  goTo,
}: {
  step: number;
  storeId: string | null;
  token: string | undefined;
  wizard: ReturnType<typeof useWizardData>;
  terms: ReturnType<typeof useTerms>;
  logo: ReturnType<typeof useLogoChoice>;
  goTo: (n: number, id?: string | null) => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [shownStep, setShownStep] = useState(step);
  if (shownStep !== step) {
    setShownStep(step);
    setErrors({});
  }

  const onContinue = async () => {
    if (saving || !token) return;
    if (step === TOTAL_STEPS) {
      if (!terms.terms) return terms.setTermsError('Please accept the Terms of Service and Privacy Policy');
      navigate(`/shopregistration/storetemplate/${storeId}`);
      return;
    }
    setSaving(true);
    const result = await saveStep({ step, storeId, data: wizard.data, logo: logo.logo.file, token });
    setSaving(false);
    if (result.data) {
      if (result.storeId) storeData(result.storeId, result.data);
      wizard.setData(result.data);
    }
    if (!result.ok) {
      setErrors(result.errors);
      if (result.storeId && result.storeId !== storeId) goTo(1, result.storeId);
      return;
    }
    // The shop list feeds the resume offer and knows the new shop; a new shop must be in it before moving on.
    const refreshed = queryClient.invalidateQueries({ queryKey: MINE });
    if (!storeId) await refreshed;
    if (step === 1) logo.chooseLogo(null);
    goTo(step + 1, result.storeId);
  };
  return { errors, saving, onContinue };
}
