import { formatAmount, formatDateTime } from '../../lib/format.ts';
import type { CounterReturn } from './returns-api.ts';

const HOW: Record<CounterReturn['method'], string> = {
  CASH: 'Cash',
  UPI: 'UPI',
  CARD: 'Card',
  KHATA: 'Khata',
};

/** The return's slip as it prints on the 80 mm roll: the goods back, the credit note and the money. */
export function ReturnSlip({ r }: { r: CounterReturn }) {
  const note = r.credit_note;
  return (
    <div
      id="return-slip"
      className="mx-auto w-full max-w-[72mm] font-mono text-[12px] leading-snug text-slate-900"
    >
      <div className="text-center">
        <p className="text-[14px] font-bold">{r.shop.name}</p>
        {r.shop.address.map((l) => (
          <p key={l}>{l}</p>
        ))}
        {r.shop.gstin ? <p>GSTIN {r.shop.gstin}</p> : null}
        <p className="mt-1 font-bold">{r.kind === 'EXCHANGE' ? 'EXCHANGE' : 'RETURN'}</p>
      </div>
      <hr className="my-2 border-dashed border-slate-400" />
      <p className="flex justify-between">
        <span>Against {r.order_number}</span>
        <span>{formatDateTime(r.created_at)}</span>
      </p>
      {note ? <p>Credit note {note.number}</p> : null}
      <p>Customer: {r.customer.name}</p>
      {r.cashier ? <p>Cashier: {r.cashier}</p> : null}
      <p>Reason: {r.reason}</p>
      <hr className="my-2 border-dashed border-slate-400" />
      {r.lines.map((l) => (
        <p key={l.item_id} className="flex justify-between gap-2">
          <span>
            {l.quantity} × {l.name}
          </span>
          <span className="tabular-nums">{formatAmount(l.amount)}</span>
        </p>
      ))}
      <hr className="my-2 border-dashed border-slate-400" />
      <Row label="Returned" value={formatAmount(r.returned_amount)} strong />
      {note && (note.cgst || note.sgst || note.igst) ? (
        <Row
          label="GST in it"
          value={
            note.igst
              ? `IGST ${formatAmount(note.igst)}`
              : `CGST ${formatAmount(note.cgst)} + SGST ${formatAmount(note.sgst)}`
          }
        />
      ) : null}
      {r.exchange_sale ? (
        <>
          <Row
            label={`New bill ${r.exchange_sale.order_number}`}
            value={formatAmount(r.exchange_sale.total_bill_amount)}
          />
          <Row
            label={r.difference >= 0 ? `Paid by ${HOW[r.method]}` : `Given back by ${HOW[r.method]}`}
            value={formatAmount(Math.abs(r.difference))}
            strong
          />
        </>
      ) : (
        <Row
          label={r.method === 'KHATA' ? 'Off the khata' : `Refunded by ${HOW[r.method]}`}
          value={formatAmount(r.method === 'KHATA' ? r.returned_amount : r.refunded)}
          strong
        />
      )}
    </div>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-2 ${strong ? 'font-bold' : ''}`}>
      <span>{label}</span>
      <span className="text-right tabular-nums">{value}</span>
    </div>
  );
}
