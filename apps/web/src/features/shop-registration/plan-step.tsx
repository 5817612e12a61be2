import type { Plan } from '@haat/contracts';
import { Check, Info, Minus } from 'lucide-react';
import { formatINR } from '../../lib/format.ts';
import { NEW_DOMAIN_RUPEES_PER_YEAR, PLAN_INFO, TRIAL_DAYS } from '../plans/index.ts';
import { StepCard } from './wizard-fields.tsx';

/** What each plan gives the shop's address, given its slug (01 §9). */
export function planAddressLine(plan: Plan, platformDomain: string, slug: string) {
  if (plan === 'basic')
    return `Your shop at ${platformDomain}/store/${slug || 'your-shop'} on the main domain`;
  if (plan === 'professional') return `Your own subdomain, like ${slug || 'your-shop'}.${platformDomain}`;
  return `Your own custom domain; a new domain registered through us costs ${formatINR(NEW_DOMAIN_RUPEES_PER_YEAR)}/year`;
}

export const planPrice = (plan: Plan) => {
  const info = PLAN_INFO.find((p) => p.id === plan);
  return !info || info.monthlyRupees === 0 ? 'Free, forever' : `${formatINR(info.monthlyRupees)}/month`;
};

/** Step 3: the three plans as radio cards; Basic is chosen to begin with. */
export function PlanStep({
  value,
  onChange,
  platformDomain,
  slug,
}: {
  value: Plan;
  onChange: (plan: Plan) => void;
  platformDomain: string;
  slug: string;
}) {
  return (
    <StepCard title="Choose Plan" intro="Pick how your shop's address looks. You can change plans later.">
      <fieldset>
        <legend className="sr-only">Plan</legend>
        <div className="grid gap-4 lg:grid-cols-3">
          {PLAN_INFO.map((p) => {
            const chosen = value === p.id;
            return (
              <label
                key={p.id}
                className={`flex cursor-pointer flex-col rounded-2xl border-2 p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300 ${
                  chosen ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white hover:border-brand-300'
                }`}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="text-lg font-bold text-slate-900">{p.name}</span>
                  <input
                    type="radio"
                    name="plan"
                    value={p.id}
                    checked={chosen}
                    onChange={() => onChange(p.id)}
                    aria-label={p.name}
                    aria-describedby={`plan-${p.id}-price`}
                    className="size-5 accent-brand-600"
                  />
                </span>
                <span id={`plan-${p.id}-price`} className="mt-1 text-base font-semibold text-brand-700">
                  {planPrice(p.id)}
                </span>
                <span className="mt-1 text-sm text-slate-600">
                  {planAddressLine(p.id, platformDomain, slug)}
                </span>
                <ul className="mt-3 space-y-1.5 text-sm">
                  {p.features.map((f) => (
                    <li key={f} className="flex gap-2 text-slate-700">
                      <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-green-600" />
                      {f}
                    </li>
                  ))}
                  {p.limitations.map((f) => (
                    <li key={f} className="flex gap-2 text-slate-500">
                      <Minus aria-hidden className="mt-0.5 size-4 shrink-0" />
                      <span>
                        <span className="sr-only">Limitation: </span>
                        {f}
                      </span>
                    </li>
                  ))}
                </ul>
              </label>
            );
          })}
        </div>
      </fieldset>
      <p className="flex gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" />
        Billing starts after the {TRIAL_DAYS}-day free trial — no card needed now.
      </p>
    </StepCard>
  );
}
