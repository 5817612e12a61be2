import 'fake-indexeddb/auto';
import type { PosCheckoutBody, PosProduct, PosSale } from '@haat/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderInBackOffice, type SentRequest } from '../../test/dom.tsx';
import { cleanUpEach, refusal, SHOPS } from '../../test/forms.ts';
import { counterDb, type DeviceCounter, writeMeta } from './offline-db.ts';
import { queueSale, readQueue, syncQueue } from './offline-queue.ts';
import type { OfflineSaleInput } from './offline-sale.ts';
import { QueuePanel } from './queue-panel.tsx';
import { useOfflineCounter } from './use-offline-counter.ts';

/* Sales made with no network (issue 43): each takes the counter's next receipt number and waits on the device;
   back online they go to the server in order, one at a time, each with its own key on every try, and leave the
   queue only once the server's answer is stored. A refused one waits for a person, who retries or discards it. */

cleanUpEach();

const counter: DeviceCounter = {
  id: '5f0c3d2a-1b4e-4c6d-8e9f-0a1b2c3d4e5f',
  number: 1,
  code: 'C01',
  name: 'Front counter',
  gst_registered: true,
  fy: '2026-27',
  next_seq: 1,
};
const tea: PosProduct = {
  product_id: '1c9e6a2b-3d4f-4a5b-8c6d-7e8f9a0b1c2d',
  variant_id: '2d0f7b3c-4e5a-4b6c-9d7e-8f9a0b1c2d3e',
  name: 'Assam Tea 250 g',
  variant_label: null,
  sku: 'TEA-250',
  barcode: '8901234567890',
  price: 149,
  tax_percentage: 5,
  stock: 3,
  stock_status: 'Low Stock',
  unit: 'Pack',
  image: null,
};
const info = {
  shop_name: 'Chai Corner',
  upi_id: 'chaicorner@upi',
  gst_registered: true,
  gstin: '27AAPFU0939F1ZV',
  legal_name: 'Chai Corner LLP',
  address: ['12 MG Road', 'Pune 411001'],
  phone: '9822012345',
};

/** A cash sale of `quantity` teas to `name`. */
function saleOf(name: string, quantity = 1): OfflineSaleInput {
  const total = 149 * quantity;
  return {
    bill: {
      name,
      phone: '9822012345',
      product_id: [{ product_id: tea.product_id, variant_id: tea.variant_id, quantity }],
      discount_type: 'FIXED',
      discount_value: 0,
      sub_total: total,
      discount_amount: 0,
      tax: 0,
      total_bill_amount: total,
      total_items: quantity,
    },
    lines: [{ product: tea, quantity }],
    payment: { method: 'CASH', amount_received: total },
    info,
    gstRegistered: true,
    cashier: 'Asha Rao',
  };
}

/** A device that is counter 1 of `slug`, with the tea in its catalogue (3 in stock as last seen). */
async function counterDevice(slug: string, registered: DeviceCounter = counter) {
  const db = await counterDb(slug);
  await writeMeta(db, 'counter', registered);
  await db.put('items', {
    variant_id: tea.variant_id,
    product_id: tea.product_id,
    name: tea.name,
    variant_label: null,
    sku: tea.sku,
    barcode: tea.barcode,
    price_paise: 14900,
    tax_percentage: 5,
    stock: 3,
    unit: 'Pack',
  });
  return db;
}

/** The server's answer to a counter sale: the sale with the counter's number as its invoice number. */
const answer = (body: unknown, n: number): PosSale => {
  const b = body as PosCheckoutBody;
  return {
    order_id: `order-${n}`,
    order_number: `ORD-${1000 + n}`,
    transaction_id: `tx-${n}`,
    transaction_reference: `TXN-${n}`,
    invoice_id: `inv-${n}`,
    invoice_number: b.offline?.receipt_number ?? null,
    invoice_kind: 'INVOICE',
    created_at: b.offline?.sold_at ?? '',
    shop: { name: 'Chai Corner', legal_name: null, gstin: null, address: [], phone: null },
    cashier: 'Asha Rao',
    customer: { name: b.name, phone: b.phone, email: null, address: null, gst_number: null },
    items: [],
    sub_total: b.sub_total,
    discount_amount: 0,
    tax: 0,
    cgst: 0,
    sgst: 0,
    total_bill_amount: b.total_bill_amount,
    total_items: b.total_items,
    payment: {
      method: 'CASH',
      amount_received: null,
      change_due: null,
      utr: null,
      card_last4: null,
      card_network: null,
    },
  };
};

/** The checkout requests sent: their key and the counter's number they carry. */
const checkouts = (sent: SentRequest[], keys: string[]) =>
  sent
    .filter((r) => r.path === '/api/admin/order/pos-checkout/')
    .map((r, i) => ({ key: keys[i], seq: (r.body as PosCheckoutBody).offline?.receipt_seq }));

/** The Idempotency-Key of every request fetch is asked to send (the fake API keeps bodies only). */
function recordKeys(): string[] {
  const keys: string[] = [];
  const inner = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const key = (init?.headers as Record<string, string> | undefined)?.['idempotency-key'];
    if (key) keys.push(key);
    return inner(input, init);
  }) as typeof fetch;
  return keys;
}

const sold = new Date('2026-12-07T06:30:00.000Z');

describe('the queue of sales made offline', () => {
  it('numbers each sale from the counter’s series, lowers the stock shown, and sends them once, in order', async () => {
    const db = await counterDevice('queue-order');
    const a = await queueSale('queue-order', saleOf('Farida Shaikh'), 'key-a-000001', sold);
    const b = await queueSale('queue-order', saleOf('Arjun Rao', 2), 'key-b-000002', sold);
    expect([a.number, b.number]).toEqual(['I01/26-27/00001', 'I01/26-27/00002']);
    expect(a.receipt.invoice_number).toBe('I01/26-27/00001');
    expect(b.body.product_id[0]).toMatchObject({ quantity: 2, unit_price_paise: 14900 });
    expect(b.body.offline).toEqual({
      counter_id: counter.id,
      receipt_seq: 2,
      receipt_number: 'I01/26-27/00002',
      sold_at: sold.toISOString(),
    });
    expect((await db.get('items', tea.variant_id))?.stock).toBe(0);
    // The same key again (a double press) is the same sale, not a third number.
    expect((await queueSale('queue-order', saleOf('Farida Shaikh'), 'key-a-000001', sold)).seq).toBe(1);

    // The first send gets no answer: nothing leaves the queue; the next sync sends the same key again.
    let n = 0;
    let drop = true;
    const sent = fakeApi({ 'POST /api/admin/order/pos-checkout/': (body: unknown) => answer(body, ++n) });
    const inner = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      if (drop) {
        drop = false;
        return inner(input, init).then(() => Promise.reject(new TypeError('Failed to fetch')));
      }
      return inner(input, init);
    }) as typeof fetch;
    const keys = recordKeys();
    expect(await syncQueue('queue-order')).toBe('OFFLINE');
    expect((await readQueue('queue-order')).waiting.map((s) => s.number)).toEqual([a.number, b.number]);
    expect(await syncQueue('queue-order')).toBe('DONE');
    expect(checkouts(sent, keys)).toEqual([
      { key: 'key-a-000001', seq: 1 },
      { key: 'key-a-000001', seq: 1 },
      { key: 'key-b-000002', seq: 2 },
    ]);
    const after = await readQueue('queue-order');
    expect(after.waiting).toEqual([]);
    expect(after.settled.map((s) => [s.number, s.outcome, s.invoice_number])).toEqual([
      ['I01/26-27/00002', 'SYNCED', 'I01/26-27/00002'],
      ['I01/26-27/00001', 'SYNCED', 'I01/26-27/00001'],
    ]);
  });

  it('starts the series at 1 in a new financial year', async () => {
    await counterDevice('queue-year', { ...counter, next_seq: 41 });
    const march = await queueSale(
      'queue-year',
      saleOf('Meera Iyer'),
      'key-march-01',
      new Date('2027-03-31T18:00:00Z'),
    );
    const april = await queueSale(
      'queue-year',
      saleOf('Meera Iyer'),
      'key-april-01',
      new Date('2027-03-31T18:31:00Z'),
    );
    // 18:31 UTC on 31 March is past midnight in India: the new year's series.
    expect([march.number, april.number]).toEqual(['I01/26-27/00041', 'I01/27-28/00001']);
  });

  it('sends each sale once when two tabs sync at the same time', async () => {
    await counterDevice('queue-twice');
    for (const k of ['one', 'two', 'three'])
      await queueSale('queue-twice', saleOf(`Customer ${k}`), `key-${k}-0000001`, sold);
    let n = 0;
    const sent = fakeApi({ 'POST /api/admin/order/pos-checkout/': (body: unknown) => answer(body, ++n) });
    const outcomes = await Promise.all([syncQueue('queue-twice'), syncQueue('queue-twice')]);
    expect(outcomes.sort()).toEqual(['BUSY', 'DONE']);
    expect(sent.filter((r) => r.method === 'POST').length).toBe(3);
  });
});

/** The panel's count of `label` (its words and number, as one line reads). */
const counted = (label: string) => (_: string, el: Element | null) =>
  el?.tagName === 'P' && new RegExp(`^${label} \\d+$`).test(el.textContent ?? '');

/** The counter's panel over the queue of the test shop. */
function Panel() {
  return <QueuePanel state={useOfflineCounter('chai-corner')} />;
}

describe('the counter’s panel of offline sales', () => {
  it('shows a refused sale with the server’s words; the sales behind wait; Discard cancels its number', async () => {
    await counterDevice('chai-corner');
    await queueSale('chai-corner', saleOf('Farida Shaikh'), 'key-refused-01', sold);
    await queueSale('chai-corner', saleOf('Arjun Rao'), 'key-behind-001', sold);
    const sent = fakeApi({
      ...SHOPS,
      'POST /api/admin/order/pos-checkout/': refusal(
        409,
        'This Idempotency-Key was already used for a different bill.',
        {
          reason: 'IDEMPOTENCY_KEY_REUSED',
        },
      ),
      [`POST /api/admin/pos/counters/${counter.id}/void/`]: { counter: {} },
    });
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    renderInBackOffice(<Panel />);
    const panel = await screen.findByRole('region', { name: 'Offline sales' });
    await within(panel).findByText(/Offline: sales are saved on this device/);
    expect((await within(panel).findByText(counted('Waiting'))).textContent).toBe('Waiting 2');

    expect(await syncQueue('chai-corner')).toBe('BLOCKED');
    await within(panel).findByText('This Idempotency-Key was already used for a different bill.');
    expect(sent.filter((r) => r.method === 'POST').length).toBe(1);
    await waitFor(() => expect(within(panel).getByText(counted('Waiting')).textContent).toBe('Waiting 1'));

    fireEvent.click(within(panel).getByRole('button', { name: 'Discard' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard this sale?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Discard sale' }));
    await waitFor(() => expect(within(panel).queryByText(/already used for a different bill/)).toBeNull());
    const voided = sent.find((r) => r.path.endsWith('/void/'));
    expect(voided?.body).toMatchObject({ receipt_seq: 1, sold_at: sold.toISOString() });
    expect((await readQueue('chai-corner')).settled[0]).toMatchObject({
      number: 'I01/26-27/00001',
      outcome: 'DISCARDED',
    });
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
  });
});
