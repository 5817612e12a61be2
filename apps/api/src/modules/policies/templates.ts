import type { PolicyKind } from '@haat/contracts';

/** What a policy template is filled with: the shop's own facts. */
export interface PolicyFacts {
  shop: string;
  phone: string | null;
  place: string | null;
  returnDays: number | null;
  /** The platform's name, e.g. Haat. */
  platform: string;
}

/** +91 98480 11122 for a 10-digit mobile number, as the shop's footer writes it. */
const phoneText = (p: string) => (/^\d{10}$/.test(p) ? `+91 ${p.slice(0, 5)} ${p.slice(5)}` : `+91 ${p}`);

const contact = (f: PolicyFacts) =>
  [
    f.phone ? `call or WhatsApp us on ${phoneText(f.phone)}` : null,
    'write to us through this shop’s contact details',
  ]
    .filter(Boolean)
    .join(', or ');

/**
 * The platform's starting text for each policy page, in plain text (see policyBlocks): sensible defaults for a
 * small Indian online shop that the vendor is expected to read and change in Settings.
 */
export function policyTemplate(kind: PolicyKind, f: PolicyFacts): string {
  switch (kind) {
    case 'privacy':
      return privacyText(f);
    case 'terms':
      return termsText(f);
    case 'refund':
      return refundText(f);
    case 'shipping':
      return shippingText(f);
    case 'returns':
      return returnsText(f);
  }
}

/** What the shop collects, why, who else sees it, and the customer's choices. */
function privacyText(f: PolicyFacts) {
  return `${f.shop} respects your privacy. This policy says what we collect when you shop with us, why, and what you can ask of us.

## What we collect
- Your name, email address and phone number when you create an account.
- Delivery addresses you save, and the orders you place.
- Messages you send us about an order.

## Why we use it
- To deliver your orders and keep you informed about them.
- To answer your questions and handle returns and refunds.
- To send offers only if you signed up for our newsletter; every mail has a way to stop them.

## Who else sees it
Our online shop runs on ${f.platform}, which stores this information for us. Couriers get the name, phone and address needed to deliver. We do not sell your information to anyone.

## Your choices
You can see and change your details in your profile, and ask us to delete your account. To do so, ${contact(f)}.`;
}

/** The terms of buying: orders and prices, payment, delivery and contact. */
function termsText(f: PolicyFacts) {
  const from = f.place ? ` from ${f.place}` : '';
  return `These terms apply when you buy from ${f.shop}${from}. By placing an order you agree to them.

## Orders and prices
- Prices are in Indian rupees and include GST.
- An order is confirmed when we accept it; we may cancel an order we cannot fulfil, and any money paid is refunded in full.
- Product photos are a guide; colours can differ slightly on screen.

## Payment
We accept the payment methods shown at checkout. Cash on delivery is paid to the courier when the order arrives.

## Delivery, returns and refunds
Our Shipping, Returns and Refund policies are part of these terms.

## Contact
For any question about an order, ${contact(f)}.`;
}

/** When money comes back, how and when. */
function refundText(f: PolicyFacts) {
  return `${f.shop} wants you to be happy with what you buy. This policy says when and how money comes back to you.

## When you get a refund
- An order we cancel, or one you cancel before it ships: the full amount.
- A return we accept under our Returns Policy: the price of the items returned.
- An item that arrives damaged or is not what you ordered: the full price, including delivery.

## How and when
- Online payments go back to the same account or UPI ID within 5 to 7 working days after we approve the refund.
- Cash on delivery orders are refunded by UPI or bank transfer to details you give us.
- Delivery charges are refunded only when the mistake was ours.

## Questions
To ask about a refund, ${contact(f)}.`;
}

/** Where and when the shop ships, and what to do when a parcel goes wrong. */
function shippingText(f: PolicyFacts) {
  const from = f.place ? ` from ${f.place}` : '';
  return `${f.shop} ships${from} to addresses across India.

## Delivery options
The delivery options, their charges and estimated times are shown at checkout before you pay. Orders above the free-delivery amount shown there ship free.

## When your order ships
- Orders are packed within 1 to 2 working days.
- You get a message with the courier and tracking link when your order ships, and you can follow it in Your Orders.
- Remote PIN codes can take a few days longer.

## If something goes wrong
If your parcel is late, damaged or missing, ${contact(f)} and we will sort it out.`;
}

/** Whether and how items come back (the shop's return window), and what cannot. */
function returnsText(f: PolicyFacts) {
  const days = f.returnDays ?? 0;
  return `${
    days > 0
      ? `You can return most items from ${f.shop} within ${days} days of delivery.`
      : `${f.shop} does not take returns of items that arrive as ordered; damaged or wrong items are always taken back.`
  }

## How to return
- Open Your Orders, choose the delivered order and ask for a return, saying why.
- Keep the item unused, with its tags and original packing.
- We confirm the return and tell you how to send it back or arrange a pickup.

## What cannot be returned
- Items marked as not returnable on their page.
- Perishable goods, personal care items once opened, and custom-made items.

## Refunds
Once we receive and check the item, your refund follows our Refund Policy. For help with a return, ${contact(f)}.`;
}
