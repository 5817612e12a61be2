import { schema } from '@haat/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { verifiedVendor } from '../accounts/accounts.test-helpers.ts';

/** The template editor's saves are checked on the server with messages naming the field (issue 17 #3). */
let t: TestApp;
let fashionId = '';
beforeAll(async () => {
  t = await createTestApp();
  const [cat] = await t.owner
    .select()
    .from(schema.storeCategories)
    .where(eq(schema.storeCategories.name, 'Fashion'));
  fashionId = cat?.id ?? '';
});
afterAll(() => t?.close());

describe('saving a theme section', () => {
  it('refuses a blank heading and a font size of 200 with 400s naming the field, and keeps what was stored', async () => {
    const v = await verifiedVendor(t, 'themeowner');
    const store = (
      await v.call('POST', '/api/store/shop/shop/create-store/', {
        store_name: `Theme Check ${Date.now().toString(36)}`,
        store_category_id: fashionId,
        phone_number: '9812345678',
        contact_type: 'Primary',
      })
    ).json().data;
    const banner = (
      await v.call('GET', `/api/store/get-store-theme/?store_id=${store.id}&name=banner`)
    ).json().data;
    const before = banner.config.banner.mainHeading;
    const save = (mainHeading: object) =>
      v.call('POST', '/api/store/create-store-theme/', {
        store_id: store.id,
        name: 'banner',
        config: { banner: { ...banner.config.banner, mainHeading } },
      });

    const blank = await save({ ...before, text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.issues).toEqual([
      { path: 'config.banner.mainHeading.text', message: 'Heading cannot be empty' },
    ]);

    const huge = await save({ ...before, fontSize: 200 });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.issues).toEqual([
      { path: 'config.banner.mainHeading.fontSize', message: 'Font size must be between 8 and 72' },
    ]);

    const after = (await v.call('GET', `/api/store/get-store-theme/?store_id=${store.id}&name=banner`)).json()
      .data;
    expect(after.config.banner.mainHeading).toEqual(before);

    const fine = await save({ ...before, text: 'Handloom, straight from Chanderi', fontSize: 48 });
    expect(fine.statusCode).toBe(200);
  });
});
