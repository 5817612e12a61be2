import { CreditCard, UsersRound, WifiOff } from 'lucide-react';

/** What Haat is building next (issues 40, 43, 44): none of it works yet, so none of it is claimed above. */
const UPCOMING = [
  {
    title: 'Online payments',
    body: 'UPI, cards and net banking through a payment gateway, confirmed and refunded without checking your bank app.',
    icon: CreditCard,
  },
  {
    title: 'A counter that works offline',
    body: 'Keep billing at the counter when the internet drops; sales sync once when it is back.',
    icon: WifiOff,
  },
  {
    title: 'One account for shoppers',
    body: 'Your customers sign in once for every Haat shop, with a wishlist and back-in-stock alerts.',
    icon: UsersRound,
  },
];

export function ComingSoonSection() {
  return (
    <section aria-labelledby="coming-soon-heading" className="py-16 sm:py-20">
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <div className="rounded-3xl border-2 border-dashed border-brand-500/40 bg-brand-50/50 p-6 sm:p-10">
          <p className="inline-block rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase">
            Coming soon
          </p>
          <h2 id="coming-soon-heading" className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">
            What we are building next
          </h2>
          <p className="mt-2 text-slate-600">
            Not available yet; we will announce each one in our newsletter when it ships.
          </p>
          <ul className="mt-8 grid gap-4 sm:grid-cols-3">
            {UPCOMING.map((item) => (
              <li key={item.title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <item.icon aria-hidden className="size-6 text-brand-600" />
                <h3 className="mt-3 font-semibold text-slate-900">{item.title}</h3>
                <p className="mt-1 text-sm text-slate-600">{item.body}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
