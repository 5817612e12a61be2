import { type CustomerOrder, OTP_LENGTH } from '@haat/contracts';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { FieldError, inputClass } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError, queryApi } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useQueryClient } from '../../lib/query.ts';
import { toast } from '../../lib/toast.ts';
import { orderKey, ordersKey } from './orders-api.ts';

/**
 * A cash-on-delivery order the shop asked the customer to confirm: the 6-digit code from the mail, a way to get
 * a new one, and the time by which an unconfirmed order is cancelled. Shown on the order and success pages.
 */
export function CodConfirm({ order, slug }: { order: CustomerOrder; slug: string }) {
  const id = useId();
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<'confirm' | 'resend' | null>(null);
  const c = order.cod_confirmation;
  if (c?.status !== 'AWAITING') return null;
  const path = `/api/store/store-user/store-order/${encodeURIComponent(order.id)}/confirm-cod/`;

  const refresh = () => client.invalidateQueries({ queryKey: ordersKey(slug) });
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code.trim())) {
      setError(`Enter the ${OTP_LENGTH}-digit code from the mail`);
      return;
    }
    setBusy('confirm');
    setError(undefined);
    try {
      await queryApi(path, { method: 'POST', body: { code: code.trim() }, storeOrigin: slug, silent: true });
      toast.success('Order confirmed', { description: 'The shop will pack it now.' });
      await client.invalidateQueries({ queryKey: orderKey(slug, order.id) });
      await refresh();
    } catch (err) {
      setError(
        err instanceof ApiError
          ? (err.envelope?.error.issues?.[0]?.message ?? err.message)
          : 'Could not confirm; try again',
      );
    } finally {
      setBusy(null);
    }
  };
  const resend = async () => {
    setBusy('resend');
    setError(undefined);
    try {
      await queryApi(`${path}resend/`, { method: 'POST', storeOrigin: slug, silent: true });
      toast.success('A new code is on its way', { description: 'Check your email.' });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not send a new code; try again');
    } finally {
      setBusy(null);
    }
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-5"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-bold">
        <ShieldCheck aria-hidden className="size-5" /> Confirm your cash-on-delivery order
      </h2>
      <p className="mt-1 text-sm">
        We emailed you a 6-digit code. Enter it here (or tap the link in the mail) so the shop can pack your
        order. If it is not confirmed by <time dateTime={c.confirm_by}>{formatDateTime(c.confirm_by)}</time>,
        the order is cancelled.
      </p>
      <form onSubmit={confirm} noValidate className="mt-3 flex flex-wrap items-start gap-2">
        <div className="w-40">
          <label htmlFor={`${id}-code`} className="sr-only">
            Confirmation code
          </label>
          <input
            id={`${id}-code`}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="6-digit code"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`font-mono tracking-widest ${inputClass(!!error)}`}
          />
        </div>
        <button
          type="submit"
          className={buttonStyles.primary}
          disabled={!!busy}
          aria-busy={busy === 'confirm'}
        >
          {busy === 'confirm' ? <Spinner /> : null} Confirm order
        </button>
        <button type="button" className={buttonStyles.secondary} disabled={!!busy} onClick={resend}>
          {busy === 'resend' ? <Spinner /> : null} Send a new code
        </button>
      </form>
      <FieldError id={`${id}-error`} error={error} />
    </section>
  );
}
