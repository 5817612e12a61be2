import { useLayoutEffect } from 'react';
import { TextBlocks } from '../../components/ui/text-blocks.tsx';
import { Link } from '../../lib/router.tsx';
import { SALES_EMAIL } from './nav-links.ts';

const UPDATED = '25 November 2026';

const TERMS = `These terms apply to everyone who uses Haat: merchants who open a shop, and shoppers who buy from one. Each shop also has its own terms, refund, shipping and returns policies, linked from its footer.

## Who we are
Haat is a platform on which small businesses in India run their own online shops. We provide the software; each shop sells its own products and is responsible for them.

## Accounts
- Give true details when you sign up and keep your password to yourself.
- A shopper's account belongs to the shop where it was made.
- We may suspend an account or a shop that breaks the law or these terms, and say why.

## Merchants
- You are responsible for what your shop sells, its prices, its GST registration and invoices, delivering orders and handling returns and refunds as your policies say.
- You may not sell anything illegal in India, counterfeit goods, or anything that harms people.
- Plans and their prices are shown on the Pricing page. Paid plans are billed only after their free trial, and you can go back to the free plan at any time.

## Shoppers
Your order is a contract with the shop you buy from, not with Haat. For a question about an order, write to the shop first; if it does not answer, write to us.

## Our service
We work to keep Haat available and your data safe, but cannot promise it will never be interrupted. Our liability is limited to the fees a merchant paid us in the last three months.

## Changes and contact
We will tell merchants by email before these terms change. Questions: ${SALES_EMAIL}.`;

const PRIVACY = `This policy explains what Haat keeps about merchants and shoppers, why, and what you can ask of us. Each shop's own Privacy Policy, linked from its footer, says how that shop uses what you share with it.

## What we keep
- Account details: name, email address, phone number and a protected form of your password.
- For merchants: your shops, their products, orders, settings and GST details.
- For shoppers: saved addresses, carts and orders with the shops you buy from.
- Storefront visits are counted per shop and day, without cookies and without anything that identifies you.

## Why
- To run the shops and deliver orders.
- To send the emails you need: sign-in codes, order updates, and newsletters only if you asked for them.
- To keep the platform secure, for example by limiting repeated sign-in attempts.

## Who sees it
The shop you buy from sees your order and delivery details. We do not sell personal data, and share it only with the services that run Haat for us and when the law requires it.

## How long
We keep account data while the account is open. Orders and invoices are kept as long as Indian tax law requires.

## Your choices
You can see and change your details in your profile, unsubscribe from any newsletter, and ask us to delete your account by writing to ${SALES_EMAIL}.`;

function LegalPage({
  title,
  text,
  other,
}: {
  title: string;
  text: string;
  other: { to: string; label: string };
}) {
  useLayoutEffect(() => {
    document.title = `${title} · Haat`;
  }, [title]);
  return (
    <div className="px-4 pt-28 pb-20 sm:px-6 sm:pt-36 lg:px-8">
      <div className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-slate-500">Last updated {UPDATED}</p>
        <article aria-label={title} className="mt-8">
          <TextBlocks text={text} />
        </article>
        <p className="mt-10 text-sm text-slate-600">
          See also our{' '}
          <Link to={other.to} className="font-semibold text-brand-700 hover:underline">
            {other.label}
          </Link>
          .
        </p>
      </div>
    </div>
  );
}

/** The platform's Terms of Service (main domain), linked from sign-up and the site footer. */
export function TermsPage() {
  return (
    <LegalPage title="Terms of Service" text={TERMS} other={{ to: '/privacy', label: 'Privacy Policy' }} />
  );
}

/** The platform's Privacy Policy (main domain), linked from sign-up and the site footer. */
export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy" text={PRIVACY} other={{ to: '/terms', label: 'Terms of Service' }} />
  );
}
