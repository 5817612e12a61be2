import { HeartHandshake, IndianRupee, MapPin, ShieldCheck } from 'lucide-react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Link } from '../../lib/router.tsx';
import { SALES_EMAIL } from './nav-links.ts';

const VALUES = [
  {
    title: 'Built for India',
    body: 'Prices in rupees, cash on delivery and UPI at checkout, +91 phone numbers and dates in Indian time.',
    icon: IndianRupee,
  },
  {
    title: 'Honest pricing',
    body: 'A free plan that stays free, paid plans billed only after your trial, and no card needed to start.',
    icon: HeartHandshake,
  },
  {
    title: 'Your shop, your customers',
    body: "Each shop's products, orders and customers are kept separate from every other shop's.",
    icon: ShieldCheck,
  },
  {
    title: 'Found locally',
    body: 'The Haat marketplace helps shoppers discover the businesses around them.',
    icon: MapPin,
  },
];

export function AboutPage() {
  return (
    <div className="px-4 pt-28 pb-20 sm:px-6 sm:pt-36 lg:px-8">
      <div className="mx-auto max-w-3xl">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">About Haat</h1>
        <p className="mt-6 text-lg text-slate-700">
          A haat is the weekly market where a town comes to buy and sell. Haat brings that idea online: every
          small business, from a kirana store to a boutique, can open its own online shop in minutes and be
          found by customers nearby.
        </p>
        <p className="mt-4 text-slate-700">
          Merchants sign up, register their shop, design its home page and launch. Customers browse shops on
          the marketplace, order with cash on delivery or UPI, and track their orders. Behind the counter, the
          shop owner manages inventory, orders and in-store sales from one dashboard.
        </p>
      </div>
      <section aria-labelledby="values-heading" className="mx-auto mt-14 max-w-5xl">
        <h2 id="values-heading" className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">
          What we care about
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2">
          {VALUES.map((v) => (
            <li key={v.title} className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
              <v.icon aria-hidden className="size-7 text-brand-600" />
              <h3 className="mt-3 text-lg font-semibold text-slate-900">{v.title}</h3>
              <p className="mt-1 text-slate-600">{v.body}</p>
            </li>
          ))}
        </ul>
      </section>
      <section
        aria-labelledby="contact-heading"
        className="mx-auto mt-14 max-w-3xl rounded-2xl bg-brand-50 p-6 text-center sm:p-10"
      >
        <h2 id="contact-heading" className="text-2xl font-bold text-slate-900">
          Talk to us
        </h2>
        <p className="mt-2 text-slate-700">
          Questions, partnerships or a demo for your business: write to{' '}
          <a
            href={`mailto:${SALES_EMAIL}`}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            {SALES_EMAIL}
          </a>
          .
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/pricing" className={buttonStyles.primary}>
            See pricing
          </Link>
          <Link to={{ pathname: '/', hash: 'explore-shops' }} className={buttonStyles.secondary}>
            Explore shops
          </Link>
        </div>
      </section>
    </div>
  );
}
