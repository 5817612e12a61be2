import {
  Activity,
  FileText,
  Globe,
  LayoutDashboard,
  MessageCircle,
  PackageCheck,
  ShoppingCart,
  Store,
} from 'lucide-react';

const FEATURES = [
  {
    title: 'Your own domain or subdomain',
    body: 'Start at your shop name on Haat, move to your own subdomain, or connect a custom domain.',
    icon: Globe,
  },
  {
    title: 'Online ordering',
    body: 'Cart and checkout built in, with cash on delivery and UPI payments your customers already use.',
    icon: ShoppingCart,
  },
  {
    title: 'Marketplace listing',
    body: 'Every published shop is listed on the Haat marketplace, so nearby customers can find you.',
    icon: Store,
  },
  {
    title: 'Admin dashboard',
    body: 'Inventory, orders, point of sale, transactions and an audit trail in one place.',
    icon: LayoutDashboard,
  },
  {
    title: 'GST invoices and returns',
    body: 'A GST invoice for every sale, credit notes for returns, and GSTR-1 ready to upload each month.',
    icon: FileText,
  },
  {
    title: 'WhatsApp order updates',
    body: 'Send customers their order confirmation, shipping and delivery updates on WhatsApp in one tap.',
    icon: MessageCircle,
  },
  {
    title: '99.9% uptime',
    body: 'Your shop stays open for business around the clock.',
    icon: Activity,
  },
  {
    title: 'Never sell the last piece twice',
    body: 'Stock is taken the moment an order or counter sale is made, online and in the shop alike.',
    icon: PackageCheck,
  },
];

export function FeaturesSection() {
  return (
    <section
      id="features"
      aria-labelledby="features-heading"
      className="scroll-mt-20 bg-slate-50 py-16 sm:py-20"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Features</p>
          <h2
            id="features-heading"
            className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            Everything you need to sell online
          </h2>
          <p className="mt-3 text-slate-600">Built for Indian small merchants, priced in rupees.</p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((f) => (
            <li key={f.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                <f.icon aria-hidden className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{f.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{f.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
