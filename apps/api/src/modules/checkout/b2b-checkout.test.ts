import { GST_STATE_CODES, gstinCheckDigit, type TaxDocumentSnapshot } from '@haat/contracts';
import { schema, withStore } from '@haat/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { moveOrderAs, productsOf, shopperWithCart } from '../orders/orders.test-helpers.ts';

/*
 * A business buying online (issue 39): the GSTIN given at checkout makes the order's invoice a B2B tax invoice, which
 * GSTR-1 reports under b2b and which has an e-invoice; a wrong GSTIN is refused by its field.
 */
const { t, shops, vendor } = await demoSuite();
beforeAll(async () => {});

/** A valid GSTIN of a business in Maharashtra (the shopper's default address in the test helpers may differ). */
const first14 = `${GST_STATE_CODES.Maharashtra}AAACB1234C1Z`;
const GSTIN = first14 + gstinCheckDigit(first14);

describe('a business buying online', () => {
  it('gives its GSTIN at checkout: refused when wrong, else the invoice is B2B, in GSTR-1 b2b and with an e-invoice', async () => {
    const card = (await productsOf(t, shops.a.slug)).find((c) => c.product_quantity >= 5);
    if (!card) throw new Error('demo shop has a product in stock');
    const s = await shopperWithCart(t, shops.a.slug, [{ id: card.id, quantity: 1 }]);
    const body = await s.orderBody();

    const wrong = await s.place({ ...body, gst_number: '27AAACB1234C1ZX' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.issues).toContainEqual({
      path: 'gst_number',
      message: 'Enter a valid GSTIN (15 characters, with the right check digit)',
    });

    const placed = await s.place({ ...body, gst_number: ` ${GSTIN.toLowerCase()} ` });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().data.order_id as string;
    await moveOrderAs(vendor, orderId, 'PROCESSING', 'SHIPPED');
    const [doc] = await withStore(t.owner, shops.a.id, (tx) =>
      tx.select().from(schema.taxDocuments).where(eq(schema.taxDocuments.orderId, orderId)),
    );
    expect(doc?.kind).toBe('INVOICE');
    expect((doc?.snapshot as TaxDocumentSnapshot | undefined)?.buyer.gstin).toBe(GSTIN);

    const month = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 7);
    const gstr1 = await vendor.call('GET', `/api/admin/transaction/gstr1/?month=${month}`);
    expect(gstr1.statusCode, gstr1.body).toBe(200);
    const b2b = gstr1.json().data.file.b2b as { ctin: string; inv: { inum: string }[] }[];
    expect(b2b.find((x) => x.ctin === GSTIN)?.inv.map((i) => i.inum)).toContain(doc?.number);

    const einvoice = await vendor.call('GET', `/api/admin/transaction/einvoice.json?document_id=${doc?.id}`);
    expect(einvoice.statusCode, einvoice.body).toBe(200);
    expect(einvoice.json().BuyerDtls.Gstin).toBe(GSTIN);
  });
});
