import type { DeliveryCheck } from '@haat/contracts';
import { Banknote, CircleCheck, CircleX, Truck } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, queryApi } from '../../lib/api.ts';
import { formatINR } from '../../lib/format.ts';
import { isPinCode, rememberedPin, rememberPin } from '../../lib/pin-code.ts';
import { useQuery } from '../../lib/query.ts';

const DAYS = 'Sun Mon Tue Wed Thu Fri Sat'.split(' ');
const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sept Oct Nov Dec'.split(' ');

/** A day on India's calendar (YYYY-MM-DD) as "Thu, 10 Dec". */
function day(ymd: string) {
  const [y = 0, m = 1, d = 1] = ymd.split('-').map(Number);
  const when = new Date(Date.UTC(y, m - 1, d));
  return `${DAYS[when.getUTCDay()]}, ${d} ${MONTHS[m - 1]}`;
}
const range = (earliest: string, latest: string) =>
  earliest === latest ? day(earliest) : `${day(earliest)} – ${day(latest)}`;

function useDeliveryCheck(slug: string, pin: string, productId: string, variantId: string | undefined) {
  return useQuery({
    queryKey: ['delivery-check', slug, productId, variantId ?? '', pin],
    queryFn: ({ signal }) =>
      queryApi<DeliveryCheck>('/api/store/check-delivery/', {
        storeOrigin: slug,
        query: { pin, product_id: productId, variant_id: variantId },
        silent: true,
        signal,
      }),
    enabled: isPinCode(pin),
    retry: false,
    staleTime: 60_000,
  });
}

function Answer({ check }: { check: DeliveryCheck }) {
  const where = `${check.city}, ${check.state} ${check.pin}`;
  return (
    <>
      <p
        className={`flex items-start gap-2 font-semibold ${check.delivers ? 'text-emerald-700' : 'text-red-700'}`}
      >
        {check.delivers ? (
          <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
        ) : (
          <CircleX aria-hidden className="mt-0.5 size-4 shrink-0" />
        )}
        {check.delivers ? `Delivers to ${where}` : `This shop does not deliver to ${where}`}
      </p>
      {check.options.length ? (
        <ul className="space-y-1 text-slate-700">
          {check.options.map((o) => (
            <li key={o.id} className="flex items-start gap-2">
              <Truck aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
              <span>
                <span className="font-medium text-slate-900">{o.delivery_name}</span>: arrives{' '}
                {range(o.earliest, o.latest)} · {o.is_free ? 'Free' : formatINR(o.delivery_charge)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className={`flex items-start gap-2 ${check.cod.available ? 'text-slate-700' : 'text-amber-800'}`}>
        <Banknote aria-hidden className="mt-0.5 size-4 shrink-0" />
        {check.cod.available
          ? `Cash on delivery available${check.cod.fee ? ` (fee ${formatINR(check.cod.fee)})` : ''}`
          : `No cash on delivery: ${check.cod.reason ?? 'not offered here'}`}
      </p>
    </>
  );
}

/** The shop's answer for a PIN code; a PIN code checked is remembered (checkout's new address starts from it). */
function DeliveryAnswer({
  slug,
  pin,
  productId,
  variantId,
}: {
  slug: string;
  pin: string;
  productId: string;
  variantId: string | undefined;
}) {
  const check = useDeliveryCheck(slug, pin, productId, variantId);
  const checked = check.data?.pin;
  useEffect(() => {
    if (checked) rememberPin(checked);
  }, [checked]);

  const failure = !isPinCode(pin)
    ? 'Enter a 6-digit PIN code'
    : check.error
      ? check.error instanceof ApiError && check.error.status >= 400 && check.error.status < 500
        ? check.error.message
        : "We couldn't check delivery just now. Try again."
      : null;
  return (
    <div role="status" aria-live="polite" className="mt-3 space-y-2 text-sm">
      {failure ? (
        <p className="text-red-700">{failure}</p>
      ) : check.data ? (
        <Answer check={check.data} />
      ) : (
        <p className="text-slate-600">Checking…</p>
      )}
    </div>
  );
}

interface CheckerProps {
  slug: string;
  productId: string;
  variantId: string | undefined;
}

/**
 * "Check delivery" opened (loaded on demand by CheckDelivery): a PIN code box, and the shop's answer. The PIN code
 * last checked in this browser is asked at once.
 */
export function DeliveryChecker({ slug, productId, variantId }: CheckerProps) {
  const [pin, setPin] = useState(() => rememberedPin() ?? '');
  const [asked, setAsked] = useState<string | null>(() => rememberedPin());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAsked(pin);
  };
  return (
    <section
      aria-labelledby="check-delivery-heading"
      className="rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="check-delivery-heading" className="text-sm font-semibold text-slate-900">
        Check delivery
      </h2>
      <form onSubmit={submit} className="mt-2 flex gap-2">
        <input
          aria-label="PIN code"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder="Enter PIN code"
          // biome-ignore lint/a11y/noAutofocus: the shopper just opened the box to type a PIN code in it
          autoFocus
          value={pin}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 6))}
          className="w-36 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm sm:flex-none"
        />
        <button
          type="submit"
          className="rounded-lg border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          Check
        </button>
      </form>
      {asked !== null ? (
        <DeliveryAnswer slug={slug} pin={asked} productId={productId} variantId={variantId} />
      ) : null}
    </section>
  );
}
