import { GST_STATE_CODES, type Gstr3bPreview } from '@haat/contracts';
import type { ReactNode } from 'react';
import { formatINR } from '../../lib/format.ts';

/* GSTR-3B's tables as the merchant reads them: each row a label over its amounts, two to a line on a phone. */

type Cell = [label: string, rupees: number];
const STATE_OF = new Map(Object.entries(GST_STATE_CODES).map(([name, code]) => [code, name]));

function Figures({ label, cells, testId }: { label: string; cells: Cell[]; testId?: string }) {
  return (
    <div className="py-2" data-testid={testId}>
      <p className="text-sm font-medium text-slate-800">{label}</p>
      <dl
        className={`mt-1 grid grid-cols-2 gap-x-4 gap-y-1 ${cells.length > 3 ? 'sm:grid-cols-4' : 'sm:grid-cols-3'}`}
      >
        {cells.map(([name, rupees]) => (
          <div key={name} className="min-w-0">
            <dt className="text-xs text-slate-500">{name}</dt>
            <dd className="text-sm text-slate-900 tabular-nums">{formatINR(rupees)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Section({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <section className="border-t border-slate-200 pt-3" aria-label={title}>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {note ? <p className="mt-0.5 text-xs text-slate-500">{note}</p> : null}
      <div className="divide-y divide-slate-100">{children}</div>
    </section>
  );
}

const taxCells = (t: { iamt: number; camt: number; samt: number }): Cell[] => [
  ['IGST', t.iamt],
  ['CGST', t.camt],
  ['SGST', t.samt],
];

/** 3.1 and 3.2: the month's invoices less its credit notes, and the inter-state sales to unregistered buyers. */
export function OutwardSection({ r }: { r: Gstr3bPreview }) {
  const out = r.sup_details.osup_det;
  const unreg = r.inter_sup.unreg_details;
  return (
    <>
      <Section title="3.1 Outward supplies" note="The month's invoices less its credit notes.">
        <Figures label="Taxable supplies (a)" cells={[['Taxable value', out.txval], ...taxCells(out)]} />
        <Figures
          label="Nil-rated and exempt (c)"
          cells={[['Taxable value', r.sup_details.osup_nil_exmp.txval]]}
        />
      </Section>
      <Section title="3.2 Inter-state supplies to unregistered persons">
        {unreg.length ? (
          unreg.map((u) => (
            <Figures
              key={u.pos}
              label={`${STATE_OF.get(u.pos) ?? 'Other territory'} (${u.pos})`}
              cells={[
                ['Taxable value', u.txval],
                ['IGST', u.iamt],
              ]}
            />
          ))
        ) : (
          <p className="py-2 text-sm text-slate-600">None this month.</p>
        )}
      </Section>
    </>
  );
}

/** 4: the credit of the month's supplier bills and expenses with a GSTIN, all under "All other ITC". */
export function CreditSection({ r }: { r: Gstr3bPreview }) {
  const other = r.itc_elg.itc_avl.find((a) => a.ty === 'OTH');
  return (
    <Section
      title="4 Eligible input tax credit"
      note="GST on the month's supplier bills and expenses from a GSTIN: within your state as CGST and SGST, from another as IGST."
    >
      {other ? <Figures label="All other ITC (A 5)" cells={taxCells(other)} /> : null}
      <Figures label="Net ITC available (C)" cells={taxCells(r.itc_elg.itc_net)} testId="gstr3b-itc-net" />
    </Section>
  );
}

/** 6.1: each head's tax, the credit set off against it, the cash to pay; the credit left over. */
export function SetOffSection({ r }: { r: Gstr3bPreview }) {
  const s = r.set_off;
  const left = s.carried_forward;
  return (
    <Section
      title="Payment of tax"
      note="IGST credit pays IGST first, then CGST and SGST; CGST and SGST credit pay their own tax, then IGST."
    >
      {s.rows.map((row) => (
        <Figures
          key={row.head}
          label={row.head}
          cells={[
            ['Tax', row.tax],
            ['Credit used', row.credit_used],
            ['Cash to pay', row.cash],
          ]}
        />
      ))}
      <div className="mt-2 rounded-lg bg-brand-50 px-3 py-2 ring-1 ring-brand-100">
        <p className="flex items-baseline justify-between gap-3 text-base font-semibold text-slate-900">
          <span>Cash to pay</span>
          <span className="tabular-nums" data-testid="gstr3b-cash">
            {formatINR(s.cash_total)}
          </span>
        </p>
        <p className="mt-1 text-xs text-slate-600">
          Credit carried forward: IGST {formatINR(left.igst)} · CGST {formatINR(left.cgst)} · SGST{' '}
          {formatINR(left.sgst)}
        </p>
      </div>
    </Section>
  );
}

/** What was not claimed and why: bills and expenses with GST but no valid GSTIN, a negative month. */
export function ProblemsSection({ problems }: { problems: string[] }) {
  if (!problems.length) return null;
  return (
    <section
      aria-label="Check before filing"
      className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      <h3 className="font-semibold">Check before filing</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </section>
  );
}
