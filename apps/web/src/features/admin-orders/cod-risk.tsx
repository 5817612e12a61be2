import { AlertTriangle } from 'lucide-react';
import type { AdminOrderRow } from './admin-orders-api.ts';

/* The risk flag on COD orders not yet shipped (decision 0014), with its reasons in words from the server. */

const pill =
  'inline-flex items-center gap-1 rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200 ring-inset';

/** In Order Management's rows and cards: "Risky COD" and why. */
export function RiskFlag({ reasons }: { reasons: AdminOrderRow['cod_risk'] }) {
  if (!reasons.length) return null;
  return (
    <div className="space-y-1">
      <span className={pill}>
        <AlertTriangle aria-hidden className="size-3" />
        Risky COD
      </span>
      <ul className="max-w-56 space-y-0.5 text-xs text-red-800">
        {reasons.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </div>
  );
}

/** On the order page, above the actions: consider asking for UPI before shipping. */
export function RiskNotice({ reasons }: { reasons: AdminOrderRow['cod_risk'] }) {
  if (!reasons.length) return null;
  return (
    <section
      aria-label="Risky cash-on-delivery order"
      className="rounded-xl bg-red-50 p-4 ring-1 ring-red-200"
    >
      <h2 className="flex items-center gap-2 text-sm font-semibold text-red-900">
        <AlertTriangle aria-hidden className="size-4" />
        Risky cash-on-delivery order
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-sm text-red-900">
        {reasons.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-red-800">
        Consider calling the customer before shipping, or asking them to pay by UPI.
      </p>
    </section>
  );
}
