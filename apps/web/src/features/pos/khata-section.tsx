import type { CustomerSummary } from '@haat/contracts';
import { FormAlert } from '../../components/ui/fields.tsx';
import { formatAmount } from '../../lib/format.ts';

/**
 * Pay later (khata): the customer's balance, their credit limit and what is left of it before and after this sale
 * (issue 38). An advance the customer holds is used first (a sale it covers is paid at once). The server checks
 * the same against the locked balance and refuses a sale above the limit.
 */
export function KhataSection({ customer, total }: { customer: CustomerSummary; total: number }) {
  const limit = customer.credit_limit ?? 0;
  const left = Math.max(limit - customer.balance, 0);
  const after = Math.round((customer.balance + total) * 100) / 100;
  const rupees = formatAmount;
  return (
    <div className="space-y-2" data-testid="khata-section">
      <dl className="grid grid-cols-3 gap-3 rounded-lg bg-slate-50 p-3 text-sm">
        <div>
          <dt className="text-xs text-slate-500">Balance</dt>
          <dd className="font-semibold text-slate-900">{rupees(customer.balance)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Credit limit</dt>
          <dd className="font-semibold text-slate-900">{rupees(limit)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Left</dt>
          <dd className="font-semibold text-slate-900">{rupees(left)}</dd>
        </div>
      </dl>
      {after > limit ? (
        <FormAlert>
          {limit > 0
            ? `This sale would take ${customer.name}'s khata to ${rupees(after)}, above the credit limit of ${rupees(limit)}.`
            : `${customer.name} has no credit limit, and the advance of ${rupees(-customer.balance)} does not cover this sale.`}
        </FormAlert>
      ) : after <= 0 ? (
        <p className="text-sm text-emerald-800">
          Paid from {customer.name}'s advance of {rupees(-customer.balance)}: {rupees(-after)} of it is left
          after this sale.
        </p>
      ) : (
        <p className="text-sm text-slate-600">
          {customer.name} will owe {rupees(after)} after this sale. The invoice shows it unpaid until the
          khata is paid.
        </p>
      )}
    </div>
  );
}
