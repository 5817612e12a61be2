import type { StoreDetail } from '@haat/contracts';
import { Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { storePhones } from '../../features/storefront-home/store-phones.ts';
import { formatDateTime } from '../../lib/format.ts';

const TONES = {
  slate: 'bg-slate-100 text-slate-600',
  amber: 'bg-amber-50 text-amber-600',
  red: 'bg-red-50 text-red-600',
  brand: 'bg-brand-50 text-brand-600',
  blue: 'bg-sky-50 text-sky-600',
};

/** The frame every shop status screen shares: a friendly icon, a heading, the shop's name and details. */
export function StatusScreen({
  icon,
  tone,
  title,
  storeName,
  children,
}: {
  icon: ReactNode;
  tone: keyof typeof TONES;
  title: string;
  storeName?: string | null;
  children?: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-lg rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-10">
        <div className={`mx-auto flex size-16 items-center justify-center rounded-full ${TONES[tone]}`}>
          {icon}
        </div>
        {storeName ? <p className="mt-6 text-sm font-semibold text-slate-500">{storeName}</p> : null}
        <h1 className={`${storeName ? 'mt-1' : 'mt-6'} text-2xl font-bold text-slate-900 sm:text-3xl`}>
          {title}
        </h1>
        <div className="mt-3 space-y-3 text-slate-600">{children}</div>
      </div>
    </main>
  );
}

/** The owner's note on the status, when there is one. */
export function StatusNote({ store }: { store: StoreDetail | null }) {
  const note = store?.status_note?.trim();
  return note ? <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">{note}</p> : null;
}

/** "Expected back …" in India Standard Time, when the shop gave a time that is still ahead. */
export function BackAt({ store, lead = 'Expected back' }: { store: StoreDetail | null; lead?: string }) {
  const until = store?.status_until;
  if (!until || !(Date.parse(until) > Date.now())) return null;
  return (
    <p className="font-medium text-slate-800">
      {lead} <time dateTime={until}>{formatDateTime(until)} IST</time>
    </p>
  );
}

/** The shop's phone numbers, so a shopper can still reach it. */
export function StoreContacts({ store }: { store: StoreDetail | null }) {
  if (!store) return null;
  const phones = storePhones(store);
  if (!phones.length) return null;
  return (
    <div className="border-t border-slate-100 pt-4 text-sm">
      <p>Need something urgently? Reach the shop on:</p>
      <ul className="mt-2 flex flex-wrap justify-center gap-2">
        {phones.map((p) => (
          <li key={p}>
            <a
              href={`tel:${p.replace(/[^\d+]/g, '')}`}
              className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 px-3 py-1.5 font-medium text-slate-800 hover:bg-slate-50"
            >
              <Phone aria-hidden className="size-3.5" />
              {p}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
