import { formatPaise } from '@haat/contracts';
import { escapeHtml } from './html.ts';

export { enqueueMail } from './outbox.repository.ts';

/** A mail to queue with `enqueueMail(txOrDb, msg)`; `storeId` names the shop it is about, if any. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  storeId?: string | null;
};

export type OtpMailPurpose = 'VERIFY_EMAIL' | 'LOGIN' | 'RESET_PASSWORD';

/** The name mail is signed with: the shop's when the account belongs to a shop, otherwise the platform's. */
export const brandOf = (shopName?: string | null) => oneLine(shopName ?? '') || 'Haat';
/** Header-safe: no line breaks, collapsed spaces. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
export const greeting = (firstName?: string | null) => {
  const name = oneLine(firstName ?? '');
  return name ? `Hi ${name},` : 'Hi there,';
};

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** The HTML shell every mail shares: a card with the brand on top. `body` is already-escaped HTML. */
export function layout(brand: string, body: string) {
  return [
    `<!doctype html><html><body style="margin:0;padding:24px;background:#f4f4f5;${FONT};color:#18181b">`,
    '<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:28px">',
    `<div style="font-size:18px;font-weight:700;color:#c2410c;margin-bottom:20px">${escapeHtml(brand)}</div>`,
    body,
    `<p style="margin:28px 0 0;font-size:12px;color:#71717a">Sent by ${escapeHtml(brand)}. `,
    'This is an automatic message; replies are not read.</p>',
    '</div></body></html>',
  ].join('');
}

export const para = (text: string) =>
  `<p style="margin:0 0 14px;font-size:15px;line-height:1.5">${escapeHtml(text)}</p>`;

const OTP_COPY: Record<
  OtpMailPurpose,
  { subject: (brand: string, hasShop: boolean) => string; intro: string }
> = {
  VERIFY_EMAIL: {
    subject: (brand) => `Your ${brand} verification code`,
    intro: 'Use this code to verify your email address',
  },
  LOGIN: {
    subject: (brand, hasShop) => (hasShop ? `Your ${brand} sign-in code` : 'Your sign-in code'),
    intro: 'Use this code to sign in',
  },
  RESET_PASSWORD: {
    subject: (brand) => `Reset your ${brand} password`,
    intro: 'Use this code to reset your password',
  },
};

/** A one-time code. The code is in the body only, never in the subject (subjects show on lock screens). */
export function otpMail(input: {
  to: string;
  firstName?: string | null;
  code: string;
  purpose: OtpMailPurpose;
  minutes?: number;
  shopName?: string | null;
}): MailMessage {
  const brand = brandOf(input.shopName);
  const copy = OTP_COPY[input.purpose];
  const minutes = input.minutes ?? 10;
  const intro = `${copy.intro} on ${brand}:`;
  const expiry = `The code expires in ${minutes} minute${minutes === 1 ? '' : 's'}. Never share it with anyone: ${brand} will never ask you for it.`;
  const ignore = 'If you did not ask for this code, you can ignore this email.';
  const text = [
    greeting(input.firstName),
    '',
    intro,
    '',
    `    ${input.code}`,
    '',
    expiry,
    ignore,
    '',
    `— ${brand}`,
  ];
  const html = layout(
    brand,
    [
      para(greeting(input.firstName)),
      para(intro),
      '<p style="margin:20px 0;font-size:30px;font-weight:700;letter-spacing:6px;font-family:Menlo,Consolas,monospace">',
      `${escapeHtml(input.code)}</p>`,
      para(expiry),
      para(ignore),
    ].join(''),
  );
  return {
    to: input.to,
    subject: copy.subject(brand, !!oneLine(input.shopName ?? '')),
    text: text.join('\n'),
    html,
  };
}

/** Sent once an account's email is verified. */
export function welcomeMail(input: {
  to: string;
  firstName?: string | null;
  shopName?: string | null;
}): MailMessage {
  const brand = brandOf(input.shopName);
  const ready = `Your ${brand} account is ready. You can sign in any time with this email address.`;
  const next = oneLine(input.shopName ?? '')
    ? 'Happy shopping!'
    : 'Set up your shop, add your products and share your store link with your customers.';
  const text = [greeting(input.firstName), '', ready, next, '', `— ${brand}`];
  const html = layout(brand, [para(greeting(input.firstName)), para(ready), para(next)].join(''));
  return { to: input.to, subject: `Welcome to ${brand}`, text: text.join('\n'), html };
}

/**
 * Sent instead of a verification code when someone signs up with an email that already has an account, so the
 * sign-up form answers the same either way and does not reveal which emails are registered.
 */
export function accountExistsMail(input: {
  to: string;
  firstName?: string | null;
  shopName?: string | null;
}): MailMessage {
  const brand = brandOf(input.shopName);
  const what = `Someone just tried to create a ${brand} account with your email address, but you already have one.`;
  const ifYou = 'If it was you, simply sign in, or use "Forgot password" to reset your password.';
  const ifNot = 'If it was not you, you can ignore this email: your account has not been changed.';
  const text = [greeting(input.firstName), '', what, '', ifYou, ifNot, '', `— ${brand}`];
  const html = layout(
    brand,
    [para(greeting(input.firstName)), para(what), para(ifYou), para(ifNot)].join(''),
  );
  return { to: input.to, subject: `You already have a ${brand} account`, text: text.join('\n'), html };
}

const istDateTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/** A mail's one call to action. */
export const button = (url: string, label: string) =>
  [
    '<p style="margin:22px 0">',
    `<a href="${escapeHtml(url)}" style="display:inline-block;background:#c2410c;color:#ffffff;`,
    `text-decoration:none;font-weight:600;font-size:15px;padding:12px 22px;border-radius:6px">${label}</a></p>`,
  ].join('');

/** A back-in-stock alert: the product (with its option) the shopper asked about has stock again. */
export function backInStockMail(input: {
  to: string;
  shopName: string;
  productName: string;
  pricePaise: number;
  productUrl: string;
}): MailMessage {
  const brand = brandOf(input.shopName);
  const name = oneLine(input.productName);
  const back = `${name} is back in stock at ${brand}, at ${formatPaise(input.pricePaise)}, while stock lasts.`;
  const why = `You are getting this one email because you asked ${brand} to tell you when it is back. We will not email you about it again.`;
  const text = [greeting(null), '', back, '', `Shop now: ${input.productUrl}`, '', why, '', `— ${brand}`];
  const html = layout(
    brand,
    [para(greeting(null)), para(back), button(input.productUrl, 'Shop now'), para(why)].join(''),
  );
  return { to: input.to, subject: `Back in stock: ${name}`, text: text.join('\n'), html };
}

/**
 * Notify Me: an upcoming sale the shopper asked about has started. Prices in paise; `productUrl` is the
 * product on the shop's own address, built by the caller.
 */
export function saleLiveMail(input: {
  to: string;
  shopName: string;
  dealTitle: string;
  productName: string;
  dealPricePaise: number;
  listPricePaise: number;
  endsAt: Date;
  productUrl: string;
}): MailMessage {
  const brand = brandOf(input.shopName);
  const title = oneLine(input.dealTitle) || oneLine(input.productName);
  const price = formatPaise(input.dealPricePaise);
  const was =
    input.listPricePaise > input.dealPricePaise ? ` (was ${formatPaise(input.listPricePaise)})` : '';
  const started = `The sale you asked us to tell you about has started: ${title}.`;
  const offer = `${oneLine(input.productName)} is now ${price}${was}, until ${istDateTime.format(input.endsAt)} IST or while stock lasts.`;
  const why = `You are getting this one email because you asked ${brand} to tell you when this sale starts. We will not email you about it again.`;
  const text = [
    greeting(null),
    '',
    started,
    offer,
    '',
    `Shop now: ${input.productUrl}`,
    '',
    why,
    '',
    `— ${brand}`,
  ];
  const html = layout(
    brand,
    [para(greeting(null)), para(started), para(offer), button(input.productUrl, 'Shop now'), para(why)].join(
      '',
    ),
  );
  return {
    to: input.to,
    subject: `${title} is live at ${brand}`,
    text: text.join('\n'),
    html,
  };
}

/**
 * Double opt-in: someone asked for this address to be put on a list (a newsletter, or one mail when a sale
 * starts). Nothing is sent to it until the link is opened. When the address is already on the list, the mail
 * says so instead (the sign-up form answers alike either way).
 */
export function subscriptionConfirmMail(input: {
  to: string;
  shopName?: string | null;
  /** The sale's title for Notify Me; absent for a newsletter. */
  saleTitle?: string | null;
  /** The product (with its option) of a back-in-stock alert. */
  productName?: string | null;
  /** The one-time link; null when the address is already on the list. */
  confirmUrl: string | null;
  /** Days the link works. */
  days: number;
}): MailMessage {
  const brand = brandOf(input.shopName);
  const sale = input.saleTitle ? oneLine(input.saleTitle) : null;
  const product = input.productName ? oneLine(input.productName) : null;
  const what = sale
    ? `email you once when the sale "${sale}" starts`
    : product
      ? `email you once when ${product} is back in stock`
      : `send you ${brand === 'Haat' ? 'the Haat newsletter' : 'its newsletter'}`;
  const asked = `Someone, hopefully you, asked ${brand} to ${what}.`;
  const lines = input.confirmUrl
    ? [
        'Open this link to confirm. Until you do, we will not email you about it:',
        `The link works once, for ${input.days} days. If it was not you, ignore this email and you will not hear from us.`,
      ]
    : [
        'This address is already on the list, so there is nothing to do.',
        'If it was not you, ignore this email.',
      ];
  const text = [
    greeting(null),
    '',
    asked,
    lines[0],
    ...(input.confirmUrl ? ['', input.confirmUrl, ''] : []),
    lines[1],
  ];
  const confirm = input.confirmUrl ? button(input.confirmUrl, 'Confirm') : '';
  const html = layout(
    brand,
    [para(greeting(null)), para(asked), para(lines[0] ?? ''), confirm, para(lines[1] ?? '')].join(''),
  );
  const subject = input.confirmUrl
    ? sale
      ? `Confirm: tell me when ${sale} starts at ${brand}`
      : product
        ? `Confirm: tell me when ${product} is back at ${brand}`
        : `Confirm your subscription to ${brand}`
    : `You're already on ${brand}'s list`;
  return { to: input.to, subject, text: [...text, '', `— ${brand}`].join('\n'), html };
}
