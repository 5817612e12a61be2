import { Check } from 'lucide-react';
import { STEPS } from './wizard-state.ts';

/** The five steps with the current one marked; on narrow screens only the numbers and the current name show. */
export function Stepper({ step }: { step: number }) {
  return (
    <nav aria-label="Registration progress">
      <p className="mb-3 text-sm font-medium text-slate-600 sm:hidden">
        Step {step} of {STEPS.length}: <span className="font-semibold text-slate-900">{STEPS[step - 1]}</span>
      </p>
      {/* Equal columns with the name under its circle: every connector runs centre to centre, all one length. */}
      <ol className="grid grid-cols-5">
        {STEPS.map((name, i) => {
          const n = i + 1;
          const done = n < step;
          const current = n === step;
          return (
            <li
              key={name}
              aria-current={current ? 'step' : undefined}
              className="relative flex min-w-0 flex-col items-center text-center"
            >
              {n < STEPS.length ? (
                <span
                  aria-hidden
                  data-connector
                  className={`absolute top-4 left-1/2 h-0.5 w-full ${done ? 'bg-brand-600' : 'bg-slate-200'}`}
                />
              ) : null}
              <span
                className={`relative flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
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
                className={`sr-only mt-2 max-w-full truncate px-1 text-sm sm:not-sr-only ${current ? 'font-semibold text-slate-900' : 'text-slate-600'}`}
              >
                {name}
                {done ? <span className="sr-only"> (done)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
