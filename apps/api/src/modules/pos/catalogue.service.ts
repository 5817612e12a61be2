import type { PosCataloguePage, posCatalogueQuery } from '@haat/contracts';
import { readInStore } from '@haat/db';
import type { z } from 'zod';
import type { ShopContext } from '../../lib/context.ts';

import * as repo from './catalogue.repository.ts';

/*
 * The counter's offline catalogue (issue 43, decision 0034), paged by a cursor: `start.at.id`, the server's time
 * when the read began, and the last product's place in (updated_at, id). The last page's `refresh_from` is the
 * read's start less a margin, so a refresh from it also gets what a transaction still open at the start wrote. A
 * refresh's first page adds the variants deleted since and the products a deal started or ended on since.
 */

type Query = z.output<typeof posCatalogueQuery>;

/** Longer than any transaction that changes a product: what it wrote, under an earlier time, is read again. */
const MARGIN_MICROS = 120_000_000n;
const MAX_REMOVED = 5000;
const ZERO_ID = '00000000-0000-0000-0000-000000000000';

function parseCursor(cursor: string | undefined) {
  if (!cursor) return null;
  const [start, at, id] = cursor.split('.');
  return { start: BigInt(start ?? '0'), after: { micros: BigInt(at ?? '0'), id: id ?? '' } };
}

export async function cataloguePage({ deps, store }: ShopContext, q: Query): Promise<PosCataloguePage> {
  const since = q.since ? BigInt(q.since) : null;
  const cursor = parseCursor(q.cursor);
  // A refresh starts at its time (with the zero id: every product changed at that time or after).
  const after = cursor?.after ?? (since !== null ? { micros: since, id: ZERO_ID } : null);
  const first = since !== null && !cursor;
  const [now, rows, removed, gst, dealt] = await readInStore<
    [bigint, repo.CatalogueRow[], { product_id: string; variant_id: string }[], boolean, repo.CatalogueRow[]]
  >(deps.db, store.id, (tx) => [
    repo.nowMicros(tx),
    repo.cataloguePage(tx, { after, activeOnly: since === null, limit: q.limit }),
    first ? repo.removedSince(tx, since, MAX_REMOVED) : Promise.resolve([]),
    repo.gstRegistered(tx),
    // A refresh's first page: also the products a deal started or ended on since (their rows were not written).
    first ? repo.dealsMovedSince(tx, since, MAX_REMOVED) : Promise.resolve([]),
  ]);
  const start = cursor?.start ?? now;
  const products = new Set(rows.map((r) => r.product_id));
  const last = rows.at(-1);
  const more = products.size === q.limit && last;
  return {
    items: [...rows, ...dealt].map(({ at_micros: _at, tax_percentage, ...r }) => ({
      ...r,
      tax_percentage: Number(tax_percentage),
    })),
    removed,
    next_cursor: more ? `${start}.${last.at_micros}.${last.product_id}` : null,
    refresh_from: more ? null : String(start > MARGIN_MICROS ? start - MARGIN_MICROS : 0n),
    gst_registered: gst,
    server_time: new Date(Number(now / 1000n)).toISOString(),
  };
}
