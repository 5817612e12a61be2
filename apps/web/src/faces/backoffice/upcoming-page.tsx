import { Clock } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';

const SCREENS = {
  checkout: {
    title: 'Point of sale',
    body: 'Billing walk-in customers at the counter (barcodes, cash, UPI QR and a receipt) is being built and is not available yet.',
    link: { to: '/inventory/', label: 'Go to Inventory' },
  },
} as const;

/** An honest page for a sidebar screen that is not built yet: what it will do and where to go meanwhile. */
export default function UpcomingPage({ screen }: { screen: keyof typeof SCREENS }) {
  const s = SCREENS[screen];
  useDocumentTitle(`${s.title} · Admin Panel`);
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <Clock aria-hidden className="size-6" />
      </span>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{s.title}</h1>
      <p className="mt-1 text-sm font-semibold text-brand-700">Not available yet</p>
      <p className="mt-3 text-slate-600">{s.body}</p>
      <Link to={s.link.to} className={`${buttonStyles.secondary} mt-6`}>
        {s.link.label}
      </Link>
    </div>
  );
}
