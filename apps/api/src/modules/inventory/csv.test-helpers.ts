import type { TestApp } from '../../../test/harness.ts';

/** A products CSV sent to the import as `who` at a shop: a preview (`dryRun`) or applied. */
export const csvImport = (
  t: TestApp,
  who: { token: string },
  slug: string,
  payload: string | Buffer,
  dryRun: boolean,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/product/import/?dry_run=${dryRun}`,
    payload,
    headers: { authorization: `Bearer ${who.token}`, 'store-origin': slug, 'content-type': 'text/csv' },
  });
