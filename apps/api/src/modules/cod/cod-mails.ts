import { formatPaise } from '@haat/contracts';

import { brandOf, escapeHtml, greeting, layout, type MailMessage, para } from '../mail/index.ts';

const when = (d: Date) =>
  d.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

/**
 * Asks the customer to confirm a cash-on-delivery order: the 6-digit code (valid 10 minutes) and a one-tap link
 * (valid until the order's deadline). The code is in the body only, never in the subject.
 */
export function codConfirmMail(input: {
  to: string;
  firstName: string | null;
  shopName: string;
  storeId: string;
  orderNumber: string;
  totalPaise: number;
  code: string;
  minutes: number;
  link: string | null;
  confirmBy: Date;
}): MailMessage {
  const brand = brandOf(input.shopName);
  const ask = `Please confirm your cash-on-delivery order ${input.orderNumber} of ${formatPaise(input.totalPaise)}, so ${brand} can pack it.`;
  const code = `Your confirmation code: ${input.code} (valid for ${input.minutes} minutes; enter it on your order page).`;
  const deadline = `If it is not confirmed by ${when(input.confirmBy)}, the order is cancelled.`;
  const text = [
    greeting(input.firstName),
    '',
    ask,
    '',
    code,
    ...(input.link ? ['', `Or confirm with one tap: ${input.link}`] : []),
    '',
    deadline,
    'If you did not place this order, ignore this email and it will be cancelled.',
    '',
    `— ${brand}`,
  ];
  const html = layout(
    brand,
    [
      para(greeting(input.firstName)),
      para(ask),
      '<p style="margin:20px 0;font-size:30px;font-weight:700;letter-spacing:6px;font-family:Menlo,Consolas,monospace">',
      `${escapeHtml(input.code)}</p>`,
      para(`Enter this code on your order page within ${input.minutes} minutes.`),
      input.link
        ? `<p style="margin:20px 0"><a href="${escapeHtml(input.link)}" style="background:#c2410c;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600">Confirm my order</a></p>`
        : '',
      para(deadline),
      para('If you did not place this order, ignore this email and it will be cancelled.'),
    ].join(''),
  );
  return {
    to: input.to,
    subject: `Confirm your ${brand} order ${input.orderNumber}`,
    text: text.join('\n'),
    html,
    storeId: input.storeId,
  };
}

/** Tells the customer an unconfirmed COD order was cancelled when its time ran out. */
export function codExpiredMail(input: {
  to: string;
  shopName: string;
  storeId: string;
  orderNumber: string;
  hours: number;
}): MailMessage {
  const brand = brandOf(input.shopName);
  const body = `Your cash-on-delivery order ${input.orderNumber} was not confirmed within ${input.hours} hours, so it has been cancelled. You were not charged. You are welcome to order again.`;
  return {
    to: input.to,
    subject: `${brand} order ${input.orderNumber} cancelled: not confirmed`,
    text: [greeting(null), '', body, '', `— ${brand}`].join('\n'),
    html: layout(brand, [para(greeting(null)), para(body)].join('')),
    storeId: input.storeId,
  };
}
