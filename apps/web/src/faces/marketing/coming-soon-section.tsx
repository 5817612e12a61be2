import { FileText, MessageCircle, Repeat } from 'lucide-react';

const UPCOMING = [
  { title: 'UPI autopay', body: 'Pay your plan automatically each month from your UPI app.', icon: Repeat },
  {
    title: 'WhatsApp order updates',
    body: 'Customers get order confirmations and delivery updates on WhatsApp.',
    icon: MessageCircle,
  },
  { title: 'GST invoices', body: 'GST-ready invoices for every order, ready to download.', icon: FileText },
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
