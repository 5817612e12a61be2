import { type AdminCoupon, COUPON_MAX_PERCENT, couponFormBody } from '@haat/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderInBackOffice, TEST_SHOP } from '../../test/dom.tsx';
import { cleanUpEach, field, fill, issue, press, writes } from '../../test/forms.ts';
import { CouponDialog } from './coupon-dialog.tsx';

/* Add or edit a coupon: the code in capitals as typed, a percentage coupon with its cap and a fixed one without,
   the shared couponFormBody's refusals on their fields, and an edit that cannot lower the limit below the uses. */

const stored: AdminCoupon = {
  id: '6e5d4c3b-2a1f-4e0d-8c9b-7a6f5e4d3c2b',
  code: 'DIWALI10',
  kind: 'PERCENT',
  value: 10,
  max_discount: 200,
  min_order: 999,
  starts_at: '2026-10-20T04:30:00.000Z',
  expires_at: null,
  usage_limit: 100,
  used_count: 37,
  active: true,
  state: 'ACTIVE',
  description: '10% off up to ₹200 on orders of ₹999 or more',
  created_at: '2026-10-19T10:00:00.000Z',
};
const answer = (body: unknown) => ({ ...stored, ...(body as object), id: 'c2', used_count: 0 });

async function open(coupon: AdminCoupon | null, onClose = () => {}) {
  renderInBackOffice(<CouponDialog slug={TEST_SHOP.slug} open coupon={coupon} onClose={onClose} />);
  return screen.findByRole('form', { name: 'Coupon' });
}

cleanUpEach();

describe('CouponDialog', () => {
  it('refuses a percentage above the most allowed with the schema’s words, sending nothing', async () => {
    const sent = fakeApi({});
    const form = await open(null);
    fill(form, 'Code', 'festive');
    expect(field(form, 'Code').value).toBe('FESTIVE');
    fill(form, 'Discount (%)', String(COUPON_MAX_PERCENT + 5));
    press(form, 'Add coupon');
    const refused = couponFormBody.safeParse({
      code: 'FESTIVE',
      kind: 'PERCENT',
      value: COUPON_MAX_PERCENT + 5,
    });
    const message = issue(refused, 'value');
    expect(message).toBe(`A percentage is a whole number from 1 to ${COUPON_MAX_PERCENT}`);
    expect(await within(form).findByText(message)).toBeTruthy();
    expect(field(form, 'Discount (%)').getAttribute('aria-invalid')).toBe('true');
    expect(writes(sent)).toEqual([]);
  });

  it('adds a fixed-amount coupon without a cap, as the schema reads it', async () => {
    const sent = fakeApi({ 'POST /api/admin/coupon/': answer });
    let closed = 0;
    const form = await open(null, () => closed++);
    expect(field(form, 'Starts').value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    fill(form, 'Code', 'flat50');
    fill(form, 'Discount type', 'FIXED');
    expect(within(form).queryByLabelText('Max discount (₹)')).toBeNull();
    fill(form, 'Discount (₹)', '50');
    fill(form, 'Minimum order (₹)', '499');
    fill(form, 'Usage limit', '');
    press(form, 'Add coupon');
    await waitFor(() => expect(closed).toBe(1));
    const body = writes(sent)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      code: 'FLAT50',
      kind: 'FIXED',
      value: 50,
      max_discount: null,
      min_order: 499,
      expires_at: null,
      usage_limit: null,
      active: true,
    });
    expect(couponFormBody.safeParse(body).success).toBe(true);
  });

  it('opens a coupon with its values and will not set its limit below the uses so far', async () => {
    const sent = fakeApi({ [`PUT /api/admin/coupon/${stored.id}/`]: answer });
    let closed = 0;
    const form = await open(stored, () => closed++);
    expect(screen.getByRole('dialog', { name: 'Edit DIWALI10' })).toBeTruthy();
    expect(field(form, 'Max discount (₹)').value).toBe('200');
    expect(form.textContent).toContain('Used 37 times so far. Blank: no limit.');
    fill(form, 'Usage limit', '30');
    press(form, 'Save coupon');
    expect(await within(form).findByText('Already used 37 times: the limit cannot be lower')).toBeTruthy();
    expect(writes(sent)).toEqual([]);

    fill(form, 'Usage limit', '150');
    press(form, 'Save coupon');
    await waitFor(() => expect(closed).toBe(1));
    // The start time was not touched: it is sent as stored, to the second.
    expect(writes(sent)[0]).toMatchObject({
      method: 'PUT',
      body: { code: 'DIWALI10', usage_limit: 150, starts_at: stored.starts_at, max_discount: 200 },
    });
  });
});
