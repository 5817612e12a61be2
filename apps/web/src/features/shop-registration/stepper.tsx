import { Check } from 'lucide-react';
import { STEPS } from './wizard-state.ts';

/** The five steps with the current one marked; on narrow screens only the numbers and the current name show. */
export function Stepper({ step }: { step: number }) {
  return (
    <nav aria-label="Registration progress">
      <p className="mb-3 text-sm font-medium text-slate-600 sm:hidden">
        Step {step} of {STEPS.length}: <span className="font-semibold text-slate-900">{STEPS[step - 1]}</span>
      </p>
      <ol className="flex items-center gap-1 sm:gap-2">
        {STEPS.map((name, i) => {
          const n = i + 1;
          const done = n < step;
          const current = n === step;
          return (
            <li
              key={name}
              aria-current={current ? 'step' : undefined}
              className="flex min-w-0 flex-1 items-center gap-1 sm:gap-2"
            >
              <span
                className={`flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                  done
                    ? 'bg-brand-700 text-white'
                    : current
                      ? 'bg-white text-brand-700 ring-2 ring-brand-600'
                      : 'bg-slate-200 text-slate-600'
                }`}
              >
                {done ? <Check aria-hidden className="size-4" /> : n}
              </span>
              <span
                className={`sr-only truncate text-sm sm:not-sr-only ${current ? 'font-semibold text-slate-900' : 'text-slate-600'}`}
              >
                {name}
                {done ? <span className="sr-only"> (done)</span> : null}
              </span>
              {n < STEPS.length ? (
                <span
                  aria-hidden
                  className={`h-0.5 min-w-2 flex-1 ${done ? 'bg-brand-600' : 'bg-slate-200'}`}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
