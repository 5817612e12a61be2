import { rowsOf, type Tx } from '@haat/db';
import { sql } from 'drizzle-orm';

/**
 * A month's tax documents as GSTR-1 needs them, read in SQL from the issued snapshots (the figures printed): one row
 * per document and GST rate, and the HSN summary's sums. Bills of supply are not in GSTR-1 (the shop had no GSTIN).
 */

export interface DocumentRateRow {
  id: string;
  kind: 'INVOICE' | 'CREDIT_NOTE';
  series: string;
  seq: number;
  number: string;
  issuedAt: Date;
  totalPaise: number;
  /** The place of supply's state code. */
  pos: string;
  /** The buyer's GSTIN: a B2B document. */
  ctin: string | null;
  intraState: boolean;
  /** A credit note's invoice: its total and whether it was B2C large. */
  againstTotalPaise: number | null;
  againstNumber: string | null;
  rate: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface HsnRow {
  b2b: boolean;
  hsn: string | null;
  service: boolean;
  unit: string;
  rate: number;
  description: string;
  /** Units sold less units credited (a value-only credit note returns none). */
  quantity: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  lines: number;
}

const LINES = sql`cross join lateral jsonb_array_elements(d.snapshot->'breakup'->'lines') as l(line)`;
const RATE = sql`(l.line->>'ratePercent')::numeric`;
const paise = (key: string, sign = sql`1`) => sql`sum(${sign} * (l.line->>${key})::bigint)::bigint`;

/*
 * documentRates: `s` takes the buyer's GSTIN and the breakup out of each snapshot once (offset 0 keeps PostgreSQL from
 * inlining it, which would decompress the snapshot again for every use), the lines come out as typed records
 * (jsonb_to_recordset), and a document's lines are summed per rate beside it (lateral), so nothing wide is grouped
 * or sorted: a third less time in PostgreSQL for 100,000 documents (docs/benchmarks.md, "GST filing").
 */
const SNAPSHOT = sql`cross join lateral (
        select nullif(d.snapshot->'buyer'->>'gstin', '') as ctin, d.snapshot->'breakup' as breakup offset 0) s`;
/** Only the fields the statement reads: each typed column costs jsonb_to_recordset time on every line. */
const RATE_TYPES = sql`l("ratePercent" numeric, "taxablePaise" bigint, "cgstPaise" bigint, "sgstPaise" bigint,
        "igstPaise" bigint)`;
const IN_MONTH = (storeId: string, from: Date, to: Date) => sql`d.store_id = ${storeId}
       and d.kind in ('INVOICE', 'CREDIT_NOTE')
       and d.issued_at >= ${from.toISOString()} and d.issued_at < ${to.toISOString()}`;

/** Sorted here, not in SQL: by series, number and rate, as the file lists them. */
const byNumber = (a: DocumentRateRow, b: DocumentRateRow) =>
  (a.series < b.series ? -1 : a.series > b.series ? 1 : 0) || a.seq - b.seq || a.rate - b.rate;

export async function documentRates(
  tx: Tx,
  storeId: string,
  from: Date,
  to: Date,
): Promise<DocumentRateRow[]> {
  const rows = await tx.execute(sql`
    select d.id, d.kind, d.series, d.seq, d.number, d.issued_at as "issuedAt", d.total_paise as "totalPaise",
           split_part(d.place_of_supply, '-', 1) as pos, s.ctin,
           coalesce((s.breakup->>'intraState')::boolean, false) as "intraState",
           a.total_paise as "againstTotalPaise", a.number as "againstNumber",
           r.rate, r."taxablePaise", r."cgstPaise", r."sgstPaise", r."igstPaise"
      from tax_documents d
      left join tax_documents a on a.store_id = d.store_id and a.id = d.against_id
      ${SNAPSHOT}
      cross join lateral (
        select l."ratePercent"::float8 as rate, sum(l."taxablePaise")::bigint as "taxablePaise",
               sum(l."cgstPaise")::bigint as "cgstPaise", sum(l."sgstPaise")::bigint as "sgstPaise",
               sum(l."igstPaise")::bigint as "igstPaise"
          from jsonb_to_recordset(s.breakup->'lines') as ${RATE_TYPES}
         -- d.id keeps the planner from caching these sums by breakup (Memoize): no two breakups are alike
         where d.id is not null
         group by l."ratePercent") r
     where ${IN_MONTH(storeId, from, to)}`);
  // Converted in place: a month can be 200,000 rows, and a copy of each only feeds the garbage collector.
  const out = rowsOf<DocumentRateRow>(rows);
  for (const r of out) {
    r.seq = Number(r.seq);
    r.issuedAt = new Date(r.issuedAt);
    r.totalPaise = Number(r.totalPaise);
    r.againstTotalPaise = r.againstTotalPaise == null ? null : Number(r.againstTotalPaise);
    r.rate = Number(r.rate);
    r.taxablePaise = Number(r.taxablePaise);
    r.cgstPaise = Number(r.cgstPaise);
    r.sgstPaise = Number(r.sgstPaise);
    r.igstPaise = Number(r.igstPaise);
  }
  return out.sort(byNumber);
}

export async function hsnSummary(tx: Tx, storeId: string, from: Date, to: Date): Promise<HsnRow[]> {
  const sign = sql`(case when d.kind = 'CREDIT_NOTE' then -1 else 1 end)`;
  const rows = await tx.execute(sql`
    select (nullif(d.snapshot->'buyer'->>'gstin', '') is not null) as b2b,
           nullif(l.line->>'hsn', '') as hsn,
           coalesce((l.line->>'service')::boolean, false) as service,
           coalesce(l.line->>'unit', '') as unit,
           ${RATE}::float8 as rate,
           min(l.line->>'name') as description,
           sum(${sign} * coalesce((l.line->>'quantity')::numeric, 0))::float8 as quantity,
           ${paise('taxablePaise', sign)} as "taxablePaise", ${paise('cgstPaise', sign)} as "cgstPaise",
           ${paise('sgstPaise', sign)} as "sgstPaise", ${paise('igstPaise', sign)} as "igstPaise",
           count(*)::int as lines
      from tax_documents d
      ${LINES}
     where d.store_id = ${storeId} and d.kind in ('INVOICE', 'CREDIT_NOTE')
       and d.issued_at >= ${from.toISOString()} and d.issued_at < ${to.toISOString()}
     group by 1, 2, 3, 4, 5
     order by 1 desc, 2 nulls first, 5, 4`);
  return rowsOf<HsnRow>(rows).map((r) => ({
    ...r,
    rate: Number(r.rate),
    quantity: Number(r.quantity),
    taxablePaise: Number(r.taxablePaise),
    cgstPaise: Number(r.cgstPaise),
    sgstPaise: Number(r.sgstPaise),
    igstPaise: Number(r.igstPaise),
  }));
}

/** A supplier's bill or an expense with GST in the month: the input tax GSTR-3B's table 4 claims. */
export interface InputTaxRow {
  kind: 'BILL' | 'EXPENSE';
  /** The supplier's bill number, or an expense's category. */
  number: string;
  /** The bill's date or the day the expense was paid, YYYY-MM-DD. */
  date: string;
  /** The supplier's company name, or the expense's payee. */
  party: string;
  taxPaise: number;
  /** The supplier's or the payee's GSTIN as recorded (checked by the caller). */
  gstin: string | null;
}

/**
 * The month's supplier bills (by bill date) and expenses (by the day paid) that carry GST, through
 * supplier_bills_date_idx and expenses_spent_idx, by date then number.
 */
export async function inputTaxRows(tx: Tx, storeId: string, month: string): Promise<InputTaxRow[]> {
  const from = `${month}-01`;
  const rows = await tx.execute(sql`
    select 'BILL' as kind, b.bill_number as number, to_char(b.bill_date, 'YYYY-MM-DD') as date,
           s.company_name as party, b.tax_paise as "taxPaise", nullif(trim(s.supplier_gst_number), '') as gstin
      from supplier_bills b
      join suppliers s on s.store_id = b.store_id and s.id = b.supplier_id
     where b.store_id = ${storeId} and b.tax_paise > 0
       and b.bill_date >= ${from}::date and b.bill_date < (${from}::date + interval '1 month')
    union all
    select 'EXPENSE', e.category, to_char(e.spent_on, 'YYYY-MM-DD'), coalesce(nullif(e.payee, ''), 'an unnamed payee'),
           e.gst_paise, nullif(trim(e.payee_gstin), '')
      from expenses e
     where e.store_id = ${storeId} and e.gst_paise > 0
       and e.spent_on >= ${from}::date and e.spent_on < (${from}::date + interval '1 month')
     order by 3, 1, 2`);
  return rowsOf<InputTaxRow>(rows).map((r) => ({ ...r, taxPaise: Number(r.taxPaise) }));
}
