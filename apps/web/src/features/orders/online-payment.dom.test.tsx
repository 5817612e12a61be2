import type { CustomerOrder } from '@haat/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderAt, searchNow } from '../../test/dom.tsx';
import OnlinePaymentPanel from './online-payment.tsx';

const ORDER = '0b3c1a8e-5d2f-4c6b-9a7e-1f2d3c4b5a69';
const order = { id: ORDER, payment_method: 'ONLINE', payment_status: 'PENDING' } as CustomerOrder;
const RETURN = `/api/store/order/${ORDER}/payment-return/`;

afterEach(() => {
  cleanup();
});

describe('OnlinePaymentPanel (the thank-you page of an order paid online)', () => {
  it('sends the gateway’s signed answer from the address once, and says the order is paid', async () => {
    const sent = fakeApi({
      [`POST ${RETURN}`]: {
        order_id: ORDER,
        status: 'PAID',
        message: 'Payment received. Your order is confirmed.',
      },
      [`GET /api/store/order/${ORDER}/success-order/`]: order,
    });
    renderAt(
      `/order/success?orderId=${ORDER}&razorpay_order_id=order_X1&razorpay_payment_id=pay_Y1&razorpay_signature=${'a'.repeat(64)}`,
      <OnlinePaymentPanel order={order} slug="chai-corner" />,
    );
    await screen.findByText('Payment received. Your order is confirmed.');
    expect(sent.filter((r) => r.path === RETURN)).toEqual([
      {
        method: 'POST',
        path: RETURN,
        body: {
          razorpay_order_id: 'order_X1',
          razorpay_payment_id: 'pay_Y1',
          razorpay_signature: 'a'.repeat(64),
        },
      },
    ]);
    // The signed answer leaves the address (a reload does not send it again).
    await waitFor(() => expect(searchNow()).toEqual({ orderId: ORDER }));
  });

  it('a failed payment says so and offers to try again', async () => {
    const sent = fakeApi({ [`POST /api/store/order/${ORDER}/pay-online/`]: { paid: true } });
    renderAt(
      `/order/success?orderId=${ORDER}&payment=failed`,
      <OnlinePaymentPanel order={order} slug="chai-corner" />,
    );
    await screen.findByText('The payment did not go through. You can try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(sent.some((r) => r.path === `/api/store/order/${ORDER}/pay-online/`)).toBe(true),
    );
  });
});
