import { istMonthRange } from '@haat/contracts';
import { type Tx, withStore } from '@haat/db';
import type { Deps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { shopTaxProfile } from '../payments/index.ts';
import type { StoreRow } from '../stores/index.ts';
import { documentRates, hsnSummary, inputTaxRows } from './gst-returns.repository.ts';
import { buildGstr1 } from './gstr1.ts';
import { buildGstr3b } from './gstr3b.ts';

export interface ReturnContext {
  deps: Deps;
  store: StoreRow;
}

/** The shop's GSTIN, which filing needs: without one the shop files no GSTR-1 (its documents are bills of supply). */
async function gstinOf(ctx: ReturnContext) {
  const profile = await withStore(ctx.deps.db, ctx.store.id, (tx) => shopTaxProfile(tx));
  if (!profile.gstin)
    throw new AppError(
      409,
      'CONFLICT',
      'The shop has no GSTIN: add it under Settings, GST, before filing returns (its documents are bills of supply).',
      { reason: 'NO_GSTIN' },
    );
  return profile.gstin;
}

/**
 * A month's documents per rate and, for GSTR-1, its HSN summary. The two statements each unpack every line of the
 * month's snapshots, so they run on two connections at once (two cores of PostgreSQL, not one after the other);
 * documents are never changed once issued, and both read up to the same instant, so they agree.
 */
async function monthOf(ctx: ReturnContext, month: string, withHsn: boolean) {
  const gstin = await gstinOf(ctx);
  const range = istMonthRange(month);
  const from = range.from;
  const to = new Date(Math.min(range.to.getTime(), Date.now()));
  const read = <T>(fn: (tx: Tx) => Promise<T>) => withStore(ctx.deps.db, ctx.store.id, fn);
  const [rows, hsn] = await Promise.all([
    read((tx) => documentRates(tx, ctx.store.id, from, to)),
    withHsn ? read((tx) => hsnSummary(tx, ctx.store.id, from, to)) : Promise.resolve([]),
  ]);
  return { gstin, rows, hsn };
}

/** What the accountant should fix before uploading: lines without an HSN code. */
function problemsOf(hsn: Awaited<ReturnType<typeof monthOf>>['hsn']) {
  const missing = hsn.filter((h) => !h.hsn).reduce((n, h) => n + h.lines, 0);
  return missing
    ? [
        `${missing} line${missing === 1 ? '' : 's'} of the month's documents ${missing === 1 ? 'has' : 'have'} no HSN code (issued before one was set)`,
      ]
    : [];
}

export async function gstr1(ctx: ReturnContext, month: string) {
  const m = await monthOf(ctx, month, true);
  return {
    file: buildGstr1({ gstin: m.gstin, month, rows: m.rows, hsn: m.hsn }),
    problems: problemsOf(m.hsn),
  };
}

/** GSTR-3B: the month's documents, and its supplier bills and expenses with GST, read at once. */
export async function gstr3b(ctx: ReturnContext, month: string) {
  const [m, inputs] = await Promise.all([
    monthOf(ctx, month, false),
    withStore(ctx.deps.db, ctx.store.id, (tx) => inputTaxRows(tx, ctx.store.id, month)),
  ]);
  return buildGstr3b({ gstin: m.gstin, month, rows: m.rows, inputs });
}
