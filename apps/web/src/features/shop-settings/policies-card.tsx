import { POLICY_MAX, policyBody } from '@haat/contracts';
import { ExternalLink, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useHost } from '../../app/host.tsx';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useQueryClient } from '../../lib/query.ts';
import { platformUrl } from '../../lib/site-urls.ts';
import { toast } from '../../lib/toast.ts';
import { schemaResolver } from './form-support.ts';
import {
  type PolicyKind,
  type ShopPolicy,
  settingsApi,
  settingsKeys,
  useShopPolicies,
} from './settings-api.ts';
import { useSettingsForm } from './settings-form.tsx';
import {
  CardState,
  FormProblem,
  inputClass,
  problemText,
  SaveButton,
  SettingsCard,
  smallButton,
} from './settings-ui.tsx';

interface PolicyValues {
  body: string;
}
type PolicyInput = { body: string };
const resolver = schemaResolver<PolicyValues, PolicyInput>(
  (b) => policyBody.safeParse(b),
  (v) => ({ body: v.body }),
);

/** A policy's form: the settings form over policyBody, and Reset to template. */
function usePolicyEditor(slug: string, policy: ShopPolicy) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);
  const replace = (saved: ShopPolicy, form: UseFormReturn<PolicyValues, unknown, PolicyInput>) => {
    queryClient.setQueryData<ShopPolicy[]>(settingsKeys.policies(slug), (list) =>
      list?.map((p) => (p.kind === saved.kind ? saved : p)),
    );
    form.reset({ body: saved.body });
  };
  const state = useSettingsForm<PolicyValues, PolicyInput, ShopPolicy>({
    defaultValues: { body: policy.body },
    resolver,
    fields: ['body'],
    save: (body) => settingsApi.savePolicy(slug, policy.kind, body.body),
    onSaved: replace,
    saved: () => ({ title: `${policy.title} saved`, description: 'Shoppers see the new text now.' }),
    failure: `${policy.title} could not be saved`,
  });
  const reset = async () => {
    setResetting(true);
    try {
      replace(await settingsApi.resetPolicy(slug, policy.kind), state.form);
      toast.success(`${policy.title} reset to the template`);
    } catch (err) {
      state.setProblem(problemText(err, `${policy.title} could not be reset`));
    } finally {
      setResetting(false);
      setConfirming(false);
    }
  };
  return { ...state, reset, confirming, setConfirming, resetting };
}

/** The text of one policy page: edit and save it, or go back to the template. */
function PolicyEditor({ slug, policy }: { slug: string; policy: ShopPolicy }) {
  const id = useId();
  const host = useHost();
  const state = usePolicyEditor(slug, policy);
  const { confirming, setConfirming, problem } = state;
  const busy = state.busy || state.resetting;
  const error = state.errors.body?.message;

  return (
    <form onSubmit={state.submit} noValidate className="space-y-3" aria-label={policy.title}>
      <p className="text-sm text-slate-600" aria-live="polite">
        {policy.is_template
          ? 'Showing the template, filled in with your shop’s name and phone. Make it yours.'
          : `Your own text, saved ${formatDateTime(policy.updated_at ?? '')}.`}
      </p>
      <div>
        <label htmlFor={`${id}-text`} className="text-sm font-medium text-slate-800">
          {policy.title} text
        </label>
        <textarea
          id={`${id}-text`}
          {...state.form.register('body')}
          rows={14}
          maxLength={POLICY_MAX}
          aria-invalid={!!error || undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          className={`mt-1.5 font-mono text-sm ${inputClass(!!error)}`}
        />
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          Plain text: a blank line starts a new paragraph, “## ” a heading, “- ” a list item. No HTML.
        </p>
      </div>
      <FormProblem>{problem}</FormProblem>
      <div className="flex flex-wrap items-center gap-2">
        <SaveButton busy={state.busy} label={`Save ${policy.title}`} />
        {policy.is_template ? null : (
          <button
            type="button"
            className={smallButton(buttonStyles.secondary)}
            onClick={() => setConfirming(true)}
            disabled={busy}
          >
            <RotateCcw aria-hidden className="size-4" />
            Reset to template
          </button>
        )}
        <a
          href={platformUrl(host.platformDomain, `/store/${slug}/policies/${policy.kind}`)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
        >
          View on your shop
          <ExternalLink aria-hidden className="size-3.5" />
        </a>
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Reset the ${policy.title}?`}
        description="Your text is replaced by the template filled in with your shop’s details."
        confirmLabel="Reset to template"
        busy={state.resetting}
        onConfirm={state.reset}
      />
    </form>
  );
}

/** The shop's policy pages (privacy, terms, refund, shipping, returns) that its footer links to. */
export function PoliciesCard({ slug }: { slug: string }) {
  const policies = useShopPolicies(slug);
  const [kind, setKind] = useState<PolicyKind>('privacy');
  const current = policies.data?.find((p) => p.kind === kind);
  return (
    <SettingsCard
      id="policies"
      title="Policy pages"
      description="Your shop’s footer links to these pages. Each starts from a template with your shop’s details."
    >
      <CardState loading={policies.isPending} error={policies.isError} onRetry={() => policies.refetch()} />
      {policies.data ? (
        <div className="space-y-4">
          <div role="tablist" aria-label="Policy page" className="-mx-1 flex flex-wrap gap-2">
            {policies.data.map((p) => (
              <button
                key={p.kind}
                type="button"
                role="tab"
                aria-selected={p.kind === kind}
                onClick={() => setKind(p.kind)}
                className={`rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 ${
                  p.kind === kind
                    ? 'bg-brand-700 text-white ring-brand-700'
                    : 'bg-white text-slate-700 ring-slate-200 hover:bg-brand-50 hover:text-brand-700'
                }`}
              >
                {p.title}
                {p.is_template ? null : <span className="sr-only"> (edited)</span>}
              </button>
            ))}
          </div>
          {current ? (
            <div role="tabpanel" aria-label={current.title}>
              <PolicyEditor key={`${current.kind}-${current.updated_at}`} slug={slug} policy={current} />
            </div>
          ) : null}
        </div>
      ) : null}
    </SettingsCard>
  );
}
