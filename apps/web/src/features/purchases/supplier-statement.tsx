import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { TextField } from '../../components/ui/fields.tsx';
import { downloadFile } from '../../lib/download.ts';
import { formatDate } from '../../lib/format.ts';
import { useAdminDownload } from '../../lib/use-admin-download.ts';
import { BillDialog } from './bill-dialog.tsx';
import { Panel, rupees, SupplierBalanceText } from './purchase-parts.tsx';
import { type SupplierBalance, useSupplierStatement } from './purchases-api.ts';
import { ReceiveDirectDialog } from './receive-direct-dialog.tsx';
import { SupplierPaymentDialog } from './supplier-payment-dialog.tsx';

const istToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const monthsAgo = (n: number) => {
  const d = new Date(Date.now() + 330 * 60_000);
  d.setUTCMonth(d.getUTCMonth() - n, 1);
  return d.toISOString().slice(0, 10);
};

/** One supplier: balance, Record payment and Add bill, and the statement of a period (on screen and as PDF). */
export function SupplierStatementPanel({ s }: { s: SupplierBalance }) {
  const [from, setFrom] = useState(monthsAgo(2));
  const [to, setTo] = useState(istToday());
  const [dialog, setDialog] = useState<'pay' | 'bill' | 'receive' | null>(null);
  const st = useSupplierStatement(s.id, { from, to });
  const files = useAdminDownload();
  const pdf = () =>
    files.run('pdf', (req) =>
      downloadFile(
        `/api/admin/supplier-account/${s.id}/statement.pdf?from=${from}&to=${to}`,
        `Statement-${from}-${to}.pdf`,
        req,
      ),
    );
  return (
    <Panel
      title={s.company_name}
      actions={
        <>
          <button type="button" className={buttonStyles.secondary} onClick={() => setDialog('receive')}>
            Receive goods
          </button>
          <button type="button" className={buttonStyles.secondary} onClick={() => setDialog('bill')}>
            Add bill
          </button>
          <button type="button" className={buttonStyles.primary} onClick={() => setDialog('pay')}>
            Record payment
          </button>
        </>
      }
    >
      <p className="text-sm" data-testid="supplier-balance">
        Balance: <SupplierBalanceText amount={s.balance} /> · billed {rupees(s.billed)}, paid {rupees(s.paid)}
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <TextField label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <TextField label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        <button
          type="button"
          className={buttonStyles.secondary}
          onClick={pdf}
          disabled={files.busy === 'pdf'}
        >
          <FileDown aria-hidden className="size-4" /> Statement PDF
        </button>
      </div>
      {st.data ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Statement</caption>
            <thead className="text-left text-xs text-slate-500">
              <tr>
                <th className="py-1 pr-2">Date</th>
                <th className="py-1 pr-2">Particulars</th>
                <th className="py-1 pr-2 text-right">Bill</th>
                <th className="py-1 pr-2 text-right">Paid</th>
                <th className="py-1 text-right">Balance</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              <tr>
                <td className="py-1 pr-2">{formatDate(st.data.from)}</td>
                <td className="py-1 pr-2">Opening balance</td>
                <td />
                <td />
                <td className="py-1 text-right">{rupees(st.data.opening_balance)}</td>
              </tr>
              {st.data.entries.map((e) => (
                <tr key={`${e.kind}-${e.reference}-${e.date}-${e.balance}`}>
                  <td className="py-1 pr-2 whitespace-nowrap">{formatDate(e.date)}</td>
                  <td className="py-1 pr-2">{e.description}</td>
                  <td className="py-1 pr-2 text-right">{e.debit ? rupees(e.debit) : ''}</td>
                  <td className="py-1 pr-2 text-right">{e.credit ? rupees(e.credit) : ''}</td>
                  <td className="py-1 text-right">{rupees(e.balance)}</td>
                </tr>
              ))}
              <tr className="font-semibold">
                <td className="py-1 pr-2" colSpan={4}>
                  Closing balance
                </td>
                <td className="py-1 text-right">{rupees(st.data.closing_balance)}</td>
              </tr>
            </tbody>
          </table>
        </div>
      ) : null}
      <SupplierPaymentDialog s={s} open={dialog === 'pay'} onClose={() => setDialog(null)} />
      <ReceiveDirectDialog s={s} open={dialog === 'receive'} onClose={() => setDialog(null)} />
      <BillDialog
        b={{ supplierId: s.id, supplierName: s.company_name }}
        open={dialog === 'bill'}
        onClose={() => setDialog(null)}
      />
    </Panel>
  );
}
