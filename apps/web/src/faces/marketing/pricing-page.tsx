import { Check, Info } from 'lucide-react';
import { useHost } from '../../app/host.tsx';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import {
  NEW_DOMAIN_RUPEES_PER_YEAR,
  PLAN_INFO,
  type PlanInfo,
  TRIAL_DAYS,
} from '../../features/plans/plans.ts';
import { formatINR } from '../../lib/format.ts';
import { useLoginChooser } from './login-chooser.tsx';
import { scheduleDemoHref } from './nav-links.ts';

export function PricingPage() {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white px-4 pt-28 pb-20 sm:px-6 sm:pt-36 lg:px-8">
      <div className="mx-auto max-w-3xl text-center">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
          Simple pricing in rupees
        </h1>
        <p className="mt-4 text-lg text-slate-600">
          Start free. Every plan begins with a {TRIAL_DAYS}-day free trial, and no credit card is needed to
          start.
        </p>
      </div>
      <ul className="mx-auto mt-12 grid max-w-6xl gap-6 lg:grid-cols-3">
        {PLAN_INFO.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </ul>
      <section
        aria-labelledby="billing-heading"
        className="mx-auto mt-14 max-w-3xl rounded-2xl bg-white p-6 ring-1 ring-slate-200 sm:p-8"
      >
        <h2 id="billing-heading" className="flex items-center gap-2 text-xl font-bold text-slate-900">
          <Info aria-hidden className="size-5 text-brand-600" />
          How billing works
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-5 text-slate-700">
          <li>Your {TRIAL_DAYS}-day free trial costs nothing and needs no credit card.</li>
          <li>
            Billing for Professional and Enterprise starts only after the trial ends, monthly, at the price
            shown. Basic stays free.
          </li>
          <li>
            Registering a new domain for an Enterprise shop is {formatINR(NEW_DOMAIN_RUPEES_PER_YEAR)} a year,
            on top of the plan. A domain you already own costs nothing extra.
          </li>
          <li>Prices are in Indian rupees.</li>
        </ul>
        <p className="mt-6 text-sm text-slate-600">
          Questions about plans?{' '}
          <a
            href={scheduleDemoHref}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            Talk to our sales team
          </a>
          .
        </p>
      </section>
    </div>
  );
}

function PlanCard({ plan }: { plan: PlanInfo }) {
  const { platformDomain } = useHost();
  const { openChooser } = useLoginChooser();
  const headingId = `plan-${plan.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {plan.name}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{plan.summary}</p>
      <p className="mt-6 flex items-baseline gap-1">
        {plan.monthlyRupees === 0 ? (
          <>
            <span className="text-4xl font-extrabold text-slate-900">Free</span>
            <span className="text-slate-600">forever</span>
          </>
        ) : (
          <>
            <span className="text-4xl font-extrabold text-slate-900">{formatINR(plan.monthlyRupees)}</span>
            <span className="text-slate-600">/month</span>
          </>
        )}
      </p>
      <p className="mt-4 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        <span className="block text-xs font-medium text-slate-500">Your shop's address</span>
        <span className="font-mono break-all">{plan.address(platformDomain)}</span>
      </p>
      <ul className="mt-6 flex-1 space-y-3 text-sm">
        {plan.features.map((f) => (
          <li key={f} className="flex gap-2 text-slate-700">
            <Check aria-hidden className="size-5 shrink-0 text-emerald-600" />
            {f}
          </li>
        ))}
        {plan.limitations.map((l) => (
          <li key={l} className="flex gap-2 text-slate-500">
            <Info aria-hidden className="size-5 shrink-0 text-slate-400" />
            {l}
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => openChooser('vendor')}
        className={`${buttonStyles.primary} mt-8 w-full py-3`}
      >
        {plan.monthlyRupees === 0 ? 'Start for Free' : 'Start Free Trial'}
      </button>
    </li>
  );
}
