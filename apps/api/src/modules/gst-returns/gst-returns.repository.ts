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

/*
 * Each snapshot is read once per statement: `s` takes the buyer's GSTIN and the breakup out of it (offset 0 keeps
 * PostgreSQL from inlining it, which would decompress the snapshot again for every field), the lines come out as
 * typed records (jsonb_to_recordset), and a document's lines are summed per rate beside it (lateral), so nothing
 * wide is grouped or sorted: 100,000 documents in a month read in about a second (docs/benchmarks.md, issue 39).
 */
const SNAPSHOT = sql`cross join lateral (
        select nullif(d.snapshot->'buyer'->>'gstin', '') as ctin, d.snapshot->'breakup' as breakup offset 0) s`;
const LINE_TYPES = sql`l(name text, hsn text, service boolean, unit text, "ratePercent" numeric, quantity numeric,
        "taxablePaise" bigint, "cgstPaise" bigint, "sgstPaise" bigint, "igstPaise" bigint)`;
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
          from jsonb_to_recordset(s.breakup->'lines') as ${LINE_TYPES}
         group by l."ratePercent") r
     where ${IN_MONTH(storeId, from, to)}`);
  return rowsOf<DocumentRateRow>(rows)
    .map((r) => ({
      ...r,
      seq: Number(r.seq),
      issuedAt: new Date(r.issuedAt),
      totalPaise: Number(r.totalPaise),
      againstTotalPaise: r.againstTotalPaise == null ? null : Number(r.againstTotalPaise),
      rate: Number(r.rate),
      taxablePaise: Number(r.taxablePaise),
      cgstPaise: Number(r.cgstPaise),
      sgstPaise: Number(r.sgstPaise),
      igstPaise: Number(r.igstPaise),
    }))
    .sort(byNumber);
}

export async function hsnSummary(tx: Tx, storeId: string, from: Date, to: Date): Promise<HsnRow[]> {
  const sign = sql`(case when d.kind = 'CREDIT_NOTE' then -1 else 1 end)`;
  const sum = (key: string) => sql`sum(${sign} * ${sql.identifier(key)})::bigint`;
  const rows = await tx.execute(sql`
    select (s.ctin is not null) as b2b,
           nullif(l.hsn, '') as hsn,
           coalesce(l.service, false) as service,
           coalesce(l.unit, '') as unit,
           l."ratePercent"::float8 as rate,
           min(l.name) as description,
           sum(${sign} * coalesce(l.quantity, 0))::float8 as quantity,
           ${sum('taxablePaise')} as "taxablePaise", ${sum('cgstPaise')} as "cgstPaise",
           ${sum('sgstPaise')} as "sgstPaise", ${sum('igstPaise')} as "igstPaise",
           count(*)::int as lines
      from tax_documents d
      ${SNAPSHOT}
      cross join lateral jsonb_to_recordset(s.breakup->'lines') as ${LINE_TYPES}
     where ${IN_MONTH(storeId, from, to)}
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
