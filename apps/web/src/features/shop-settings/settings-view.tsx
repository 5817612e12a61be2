import type { OwnedShop } from '../../lib/selected-shop.tsx';
import { CodCard } from './cod-card.tsx';
import { ContactCard } from './contact-card.tsx';
import { CouponsCard } from './coupons-card.tsx';
import { DeliveryOptionsCard } from './delivery-options-card.tsx';
import { GatewayCard } from './gateway-card.tsx';
import { GstCard } from './gst-card.tsx';
import { PaymentsCard } from './payments-card.tsx';
import { PoliciesCard } from './policies-card.tsx';
import { PriceDisplayCard } from './price-display-card.tsx';
import { ReturnsCard } from './returns-card.tsx';
import { StatusCard } from './status-card.tsx';
import { WhatsAppCard } from './whatsapp-card.tsx';

const SECTIONS = [
  { id: 'delivery', label: 'Delivery' },
  { id: 'coupons', label: 'Coupons' },
  { id: 'payments', label: 'Payments' },
  { id: 'online-payments', label: 'Online payments' },
  { id: 'cod', label: 'Cash on delivery' },
  { id: 'price-display', label: 'Price display' },
  { id: 'gst', label: 'GST & invoices' },
  { id: 'returns', label: 'Returns & warranty' },
  { id: 'policies', label: 'Policy pages' },
  { id: 'whatsapp', label: 'WhatsApp messages' },
  { id: 'contact', label: 'Contact & address' },
  { id: 'status', label: 'Status' },
] as const;

/** Everything the shop's checkout and storefront read that its vendor may change, one card each. */
export function SettingsView({ shop }: { shop: OwnedShop }) {
  return (
    <div className="mx-auto max-w-5xl space-y-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Settings</h1>
        <p className="mt-1 text-slate-600">
          How <span className="font-semibold text-slate-800">{shop.store_name}</span> delivers, takes payment
          and talks to shoppers. Every change is saved on its own and recorded.
        </p>
      </header>
      <nav aria-label="Settings sections" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex gap-2 pb-1 sm:flex-wrap">
          {SECTIONS.map((s) => (
            <li key={s.id} className="shrink-0">
              <a
                href={`#${s.id}`}
                className="inline-block rounded-full bg-white px-3.5 py-1.5 text-sm font-medium whitespace-nowrap text-slate-700 ring-1 ring-slate-200 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
              >
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <DeliveryOptionsCard slug={shop.slug} />
      <CouponsCard slug={shop.slug} />
      <div className="grid gap-5 lg:grid-cols-2">
        <PaymentsCard slug={shop.slug} />
        <ReturnsCard slug={shop.slug} />
      </div>
      <GatewayCard slug={shop.slug} />
      <CodCard slug={shop.slug} />
      <PriceDisplayCard slug={shop.slug} />
      <GstCard slug={shop.slug} />
      <PoliciesCard slug={shop.slug} />
      <WhatsAppCard slug={shop.slug} />
      <ContactCard slug={shop.slug} />
      <StatusCard shop={shop} />
    </div>
  );
}
