import { useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { fullName, readSession } from '../../lib/session/session-storage.ts';
import { useHydrating } from '../../lib/use-hydrating.ts';
import { authApi } from './auth-api.ts';
import type { AuthTarget } from './auth-target.ts';
import { useFinishSignIn } from './use-finish-sign-in.ts';

/**
 * "Continue as <name>" on a shop's sign-in page when this browser holds the shopper's session at another Haat shop
 * or on the marketplace, and on the marketplace's with a shop's (decisions 0029, 0036): one tap exchanges it for a
 * session here (POST /auth/switch-shop/, /marketplace/auth/continue/). The server answers only for a
 * verified Haat shopper account (never a guest's, decision 0031); otherwise the shopper signs in below as usual.
 */
export function ContinueAs({ target }: { target: AuthTarget }) {
  const hydrating = useHydrating();
  const finish = useFinishSignIn(target);
  const [pending, setPending] = useState(false);
  const [refused, setRefused] = useState(false);
  const other = hydrating ? null : readSession();
  if (
    other?.role_type !== 'CUSTOMER' ||
    other.guest ||
    target.role !== 'CUSTOMER' ||
    (!target.storeOrigin && !target.marketplace) ||
    (other.storeSlug ?? null) === target.storeOrigin
  )
    return null;
  const name = fullName(other) || other.email;
  const go = async () => {
    if (pending) return;
    setPending(true);
    try {
      finish(await authApi.switchShop(other.refreshToken, target));
    } catch {
      setPending(false);
      setRefused(true);
    }
  };
  if (refused)
    return (
      <div className="mb-5">
        <FormAlert>We could not continue with your Haat account here. Please sign in below.</FormAlert>
      </div>
    );
  return (
    <div className="mb-6 rounded-xl border border-brand-100 bg-brand-50 p-4">
      <p className="text-sm text-slate-700">
        You are signed in to Haat as{' '}
        <span className="font-semibold [overflow-wrap:anywhere]">{other.email}</span>.
      </p>
      <button
        type="button"
        onClick={go}
        disabled={pending}
        aria-busy={pending}
        className={`${buttonStyles.primary} mt-3 w-full py-3`}
      >
        {pending ? <Spinner /> : null}
        {pending ? 'Signing in...' : `Continue as ${name}`}
      </button>
      <p className="mt-3 text-center text-xs text-slate-500">or use another account below</p>
    </div>
  );
}
