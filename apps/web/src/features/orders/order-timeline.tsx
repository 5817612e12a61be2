import type { CustomerOrder } from '@haat/contracts';
import { Check } from 'lucide-react';
import { formatDateTime } from '../../lib/format.ts';

/** Order Placed, Payment Confirmed, Processing, Shipped, Delivered: done steps ticked, with their dates. */
export function OrderTimeline({ steps }: { steps: CustomerOrder['timeline'] }) {
  return (
    <ol className="relative space-y-5" data-testid="order-timeline">
      {steps.map((step, i) => {
        const last = i === steps.length - 1;
        return (
          <li key={step.key} className="relative flex gap-3">
            {last ? null : (
              <span
                aria-hidden
                className={`absolute top-8 left-3.5 h-[calc(100%-0.75rem)] w-0.5 ${step.complete ? 'bg-brand-500' : 'bg-slate-200'}`}
              />
            )}
            <span
              aria-hidden
              className={`relative flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                step.complete
                  ? 'bg-brand-700 text-white'
                  : 'border-2 border-slate-300 bg-white text-slate-500'
              }`}
            >
              {step.complete ? <Check className="size-4" /> : i + 1}
            </span>
            <div className="min-w-0 pt-0.5">
              <p className={`font-medium ${step.complete ? 'text-slate-900' : 'text-slate-500'}`}>
                {step.label}
                <span className="sr-only">{step.complete ? ' (done)' : ' (not yet)'}</span>
              </p>
              {step.at ? (
                <p className="text-sm text-slate-600">
                  <time dateTime={step.at}>{formatDateTime(step.at)}</time>
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
