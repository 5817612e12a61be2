import { CalendarDays, Clock, Gift, Headphones } from 'lucide-react';
import { useLoginChooser } from './login-chooser.tsx';
import { scheduleDemoHref } from './nav-links.ts';

const PERKS = [
  { label: '14-Day Free Trial', icon: Gift },
  { label: 'Setup in Minutes', icon: Clock },
  { label: '24/7 Support', icon: Headphones },
];

export function CtaSection() {
  const { openChooser } = useLoginChooser();
  return (
    <section aria-labelledby="cta-heading" className="px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
      <div className="mx-auto max-w-5xl rounded-3xl bg-gradient-to-br from-brand-600 to-brand-700 px-6 py-12 text-center text-white shadow-xl sm:px-12 sm:py-16">
        <h2 id="cta-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Ready to take your shop online?
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-brand-50">
          Try every feature free for 14 days. No credit card needed; you only pay if you stay on a paid plan
          after the trial.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <button
            type="button"
            onClick={() => openChooser('vendor')}
            className="rounded-lg bg-white px-6 py-3 text-base font-semibold text-brand-700 shadow-sm hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Start Free Trial
          </button>
          <a
            href={scheduleDemoHref}
            className="inline-flex items-center justify-center gap-2 rounded-lg border border-white/70 px-6 py-3 text-base font-semibold text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <CalendarDays aria-hidden className="size-5" />
            Schedule Demo
          </a>
        </div>
        <ul className="mt-10 flex flex-col items-center justify-center gap-4 text-sm font-medium sm:flex-row sm:gap-8">
          {PERKS.map((p) => (
            <li key={p.label} className="flex items-center gap-2">
              <p.icon aria-hidden className="size-5" />
              {p.label}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
