import { describe, expect, it } from 'vitest';
import { appForFile, demoShopToChange, noSidewaysScroll, signInVendor } from './journeys.ts';

const app = await appForFile();
/** A published demo shop no other journey moves orders of. */
const shop = await demoShopToChange(app, 3);

/** The invite link mailed to an address (the dev mailbox). */
async function inviteLinkFor(email: string) {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(app.url(`/api/dev/mailbox?to=${encodeURIComponent(email)}`));
    const [newest] = ((await res.json()).data ?? []) as { text: string }[];
    const link = newest ? /(https?:\/\/\S+accept-invite\S+)/.exec(newest.text)?.[1] : undefined;
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no invite mailed to ${email}`);
}

describe('staff accounts', () => {
  it('the owner invites a packer, who joins, works an order without seeing money, and the owner sees it in the audit trail', async () => {
    const email = `packer-${Date.now().toString(36)}@example.com`;
    const owner = await app.newPage({ width: 1366, height: 900 });
    await signInVendor(app, owner, shop);
    await owner.goto(app.url('/settings/', 'admin'));
    const invite = owner.getByRole('form', { name: 'Invite a person' });
    await invite.getByLabel('Email').fill(email);
    await invite.getByLabel('Role').selectOption('PACKER');
    await invite.getByRole('button', { name: 'Send invite' }).click();
    await owner.getByText(`Invite sent to ${email}`).first().waitFor();
    await owner.getByRole('list', { name: 'Invites waiting' }).getByText(email).waitFor();

    // The packer opens the mailed link on a phone, sets a name and password, and lands on Orders.
    const packer = await app.newPage({ width: 360, height: 780 });
    await packer.goto(await inviteLinkFor(email));
    await packer.getByRole('heading', { name: /^Join / }).waitFor();
    await packer.getByText('Packer', { exact: true }).waitFor();
    await noSidewaysScroll(packer);
    await packer.screenshot({ path: '/tmp/h15-accept-360.png', fullPage: true });
    await packer.getByLabel('First name').fill('Ravi');
    await packer.getByLabel('Last name').fill('Packer');
    await packer.getByLabel('Password', { exact: true }).fill('packing-day-7');
    await packer.getByLabel('Confirm password', { exact: true }).fill('packing-day-7');
    await packer.getByRole('button', { name: 'Create account and join' }).click();
    await packer.waitForURL((u) => u.pathname.startsWith('/admin-orders'));
    await packer.getByRole('heading', { name: 'Order Management' }).waitFor();
    await packer.setViewportSize({ width: 1366, height: 900 });
    const nav = packer.getByRole('navigation', { name: 'Back office' });
    await nav.getByRole('link', { name: 'Orders', exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'Transaction', exact: true }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Dashboard', exact: true }).count()).toBe(0);
    expect(await packer.getByRole('button', { name: 'Export' }).count()).toBe(0);
    await packer.getByText('(Packer)').first().waitFor();

    // An order being processed: the packer ships it; cancelling and editing are not offered, nor is revenue.
    expect(await packer.getByText('Order value', { exact: true }).count()).toBe(0);
    await packer.goto(app.url('/admin-orders/?status=PROCESSING', 'admin'));
    await packer
      .getByRole('link', { name: /View order/ })
      .first()
      .click();
    await packer.getByRole('heading', { name: 'Order Timeline' }).waitFor();
    const number = (await packer.getByRole('heading', { level: 1 }).innerText()).trim();
    // What to pack, not what it cost: no prices, totals or payment amount.
    expect(await packer.getByText('Subtotal').count()).toBe(0);
    expect(await packer.getByRole('region', { name: 'Order Items' }).getByText('₹').count()).toBe(0);
    expect(await packer.getByRole('button', { name: 'Cancel Order' }).count()).toBe(0);
    expect(await packer.getByRole('button', { name: 'Edit Order' }).count()).toBe(0);
    await packer.getByRole('button', { name: 'Ship Order' }).click();
    const ship = packer.getByRole('dialog', { name: 'Ship order' });
    await ship.getByLabel('Tracking number').fill('PK12345678');
    await ship.getByRole('button', { name: 'Mark as Shipped' }).click();
    await packer.getByText('Order status updated to SHIPPED').first().waitFor();

    // Transaction Management is not for a packer, even by its address.
    await packer.goto(app.url('/transaction/', 'admin'));
    await packer.getByRole('heading', { name: 'Not for your role' }).waitFor();

    // The owner sees the packer's change in the audit trail under the packer's name.
    await owner.goto(app.url(`/audit-trail?search=${encodeURIComponent(number)}`, 'admin'));
    const row = owner
      .getByRole('row')
      .filter({ hasText: `Order ${number} marked shipped` })
      .first();
    await row.getByText('Ravi Packer').waitFor();
    await owner.screenshot({ path: '/tmp/h15-audit-1366.png' });
    // And the packer is on the Staff card, where the owner can change the role.
    await owner.goto(app.url('/settings/', 'admin'));
    await owner.getByRole('list', { name: 'People' }).getByText(email).waitFor();
    await owner.getByLabel('Role of Ravi Packer').selectOption('CASHIER');
    await owner.getByText('Ravi Packer is now Cashier').first().waitFor();
    await owner.getByRole('region', { name: 'Staff' }).screenshot({ path: '/tmp/h15-staff-card-1366.png' });
    await owner.context().close();
    await packer.context().close();
  });

  it('the owner invites a cashier, who sells at the point of sale, cannot open refunds, and the sale is in the audit trail under their name', async () => {
    const email = `cashier-${Date.now().toString(36)}@example.com`;
    const owner = await app.newPage({ width: 1366, height: 900 });
    await signInVendor(app, owner, shop);
    await owner.goto(app.url('/settings/', 'admin'));
    const invite = owner.getByRole('form', { name: 'Invite a person' });
    await invite.getByLabel('Email').fill(email);
    await invite.getByLabel('Role').selectOption('CASHIER');
    await invite.getByRole('button', { name: 'Send invite' }).click();
    await owner.getByText(`Invite sent to ${email}`).first().waitFor();

    const cashier = await app.newPage({ width: 1366, height: 900 });
    await cashier.goto(await inviteLinkFor(email));
    await cashier.getByText('Cashier', { exact: true }).waitFor();
    await cashier.getByLabel('First name').fill('Kavya');
    await cashier.getByLabel('Last name').fill('Cashier');
    await cashier.getByLabel('Password', { exact: true }).fill('counter-day-7');
    await cashier.getByLabel('Confirm password', { exact: true }).fill('counter-day-7');
    await cashier.getByRole('button', { name: 'Create account and join' }).click();
    const nav = cashier.getByRole('navigation', { name: 'Back office' });
    await nav.getByRole('link', { name: 'Checkout', exact: true }).click();
    await cashier.getByRole('heading', { name: 'Point of Sale' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Transaction', exact: true }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Inventory', exact: true }).count()).toBe(0);

    // A sale at the counter: the first product in stock, a customer, paid in cash.
    await cashier.getByRole('button', { name: /^Add / }).first().click();
    await cashier.getByLabel('Phone *').fill('9830011223');
    await cashier.getByLabel('Name *').fill('Sunil Ghosh');
    await cashier.getByRole('button', { name: 'Process Payment' }).click();
    const pay = cashier.getByRole('dialog', { name: 'Process Payment' });
    await pay.getByText('Cash', { exact: true }).click();
    const total = Number((await pay.getByText(/Total to collect/).innerText()).replace(/[^\d.]/g, ''));
    await pay.getByLabel('Amount received').fill(String(Math.ceil(total / 100) * 100 + 100));
    await pay.getByRole('button', { name: 'Complete sale' }).click();
    const receipt = cashier.getByRole('dialog', { name: 'Sale complete' });
    await receipt.getByText('Cashier: Kavya Cashier').first().waitFor();
    const number = ((await receipt.getByText(/^ORD-\d+ · /).innerText()).split(' ')[0] ?? '').trim();
    await receipt.getByRole('button', { name: /New Sale/ }).click();

    // Refunds are not for a cashier, by the menu or by the address.
    await cashier.goto(app.url('/transaction/', 'admin'));
    await cashier.getByRole('heading', { name: 'Not for your role' }).waitFor();

    // Order Management's statistics without the shop's revenue, once they have loaded (issue 42), at both widths.
    for (const width of [1366, 360]) {
      await cashier.setViewportSize({ width, height: 900 });
      await cashier.goto(app.url('/admin-orders/', 'admin'));
      await cashier.getByRole('heading', { name: 'Order Management' }).waitFor();
      const total = cashier.locator('dt', { hasText: 'Total Orders' }).locator('xpath=following-sibling::dd');
      await expect.poll(() => total.innerText()).toMatch(/^\d/);
      await cashier.getByText('Delivered', { exact: true }).first().waitFor();
      expect(await cashier.locator('dt', { hasText: 'Order value' }).count()).toBe(0);
      await noSidewaysScroll(cashier);
      await cashier.screenshot({ path: `/tmp/h42-cashier-orders-${width}.png` });
    }

    await owner.goto(app.url(`/audit-trail?search=${encodeURIComponent(number)}`, 'admin'));
    const row = owner
      .getByRole('row')
      .filter({ hasText: `Counter sale ${number}` })
      .first();
    await row.getByText('Kavya Cashier').waitFor();
    await owner.context().close();
    await cashier.context().close();
  });
});
