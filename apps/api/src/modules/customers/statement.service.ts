import { istDayStart, type KhataStatementQuery } from '@haat/contracts';
import { readInStore } from '@haat/db';
import type { ShopContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';

import { shopTaxProfile } from '../payments/index.ts';

import * as repo from './customers.repository.ts';
import { statementPdf } from './statement-pdf.ts';

const DAY = 86_400_000;
/** Today's date in India time, YYYY-MM-DD. */
const istToday = (now: Date) => new Date(now.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);

/** The period asked for; by default the last 30 days up to today (India time). */
export function statementPeriod(q: KhataStatementQuery, now: Date) {
  const to = q.to ?? istToday(now);
  const from = q.from ?? istToday(new Date(istDayStart(to).getTime() - 29 * DAY));
  return { from, to, start: istDayStart(from), end: new Date(istDayStart(to).getTime() + DAY) };
}

/** A customer's khata statement for a period, as a PDF, with the file's name. */
export async function statement(ctx: ShopContext, { id, query }: { id: string; query: KhataStatementQuery }) {
  const { deps, store } = ctx;
  const period = statementPeriod(query, ctx.now());
  const [c, opening, entries, shop] = await readInStore(deps.db, store.id, (tx) => [
    repo.customerById(tx, store.id, id),
    repo.balanceBefore(tx, store.id, id, period.start),
    repo.entriesOf(tx, store.id, id, { from: period.start, to: period.end }),
    shopTaxProfile(tx),
  ]);
  if (!c) throw notFound('Customer not found');
  const closing = entries.at(-1)?.balanceAfterPaise ?? opening;
  const pdf = await statementPdf({
    shop: { name: store.storeName, address: shop.address },
    customer: { name: c.name, phone: c.phone },
    period: { from: period.from, to: period.to },
    openingPaise: opening,
    entries,
    closingPaise: closing,
  });
  return { pdf, name: `Khata ${c.name} ${period.from} to ${period.to}` };
}
