import type { Tx } from '@haat/db';
import * as repo from './inventory.repository.ts';

/*
 * A category the CSV names that the shop does not have yet (issue 42): the import adds it, and the report says so
 * on the product's line, by name, so a misspelt category is seen before it becomes a new one.
 */

type Issue = { line: number; column: string; message: string };

export async function newCategoryNotices(
  tx: Tx,
  planned: { line: number; categoryName: string }[],
): Promise<Issue[]> {
  const known = await repo.listCategories(tx);
  const names = new Set(known.map((c) => c.name.toLowerCase()));
  const some = known
    .slice(0, 5)
    .map((c) => c.name)
    .join(', ');
  return planned
    .filter((p) => p.categoryName && !names.has(p.categoryName.toLowerCase()))
    .map((p) => ({
      line: p.line,
      column: 'category',
      message: `Category "${p.categoryName}" is not one of this shop's categories${some ? ` (${some}${known.length > 5 ? ', …' : ''})` : ''}: it will be added. Check the spelling if you meant one of them.`,
    }));
}
