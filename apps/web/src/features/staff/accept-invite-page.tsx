import { ROLE_DESCRIPTIONS, ROLE_NAMES } from '@haat/contracts';
import { UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { PasswordField, TextField } from '../../components/ui/fields.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { type FieldErrors, formFailureMessage, serverFieldErrors } from '../../lib/form-errors.ts';
import { ownedShopsKey } from '../../lib/owned-shops.ts';
import { useQuery, useQueryClient } from '../../lib/query.ts';
import { useNavigate, useSearchParams } from '../../lib/router.tsx';
import { rememberShop } from '../../lib/selected-shop.tsx';
import { useSession } from '../../lib/session/session-context.tsx';
import { staffApi } from './staff-api.ts';

const box = 'mx-auto w-full max-w-md rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-7';

/**
 * The invite link (`/accept-invite?shop=…&token=…` on the admin host): who invites whom as what; a newcomer sets
 * a name and password, someone with an account signs in with it and joins. Then the back office opens on the shop.
 */
export function AcceptInvitePage() {
  useDocumentTitle('Join a shop · Admin Panel');
  const [params] = useSearchParams();
  const q = { shop: params.get('shop') ?? '', token: params.get('token') ?? '' };
  const preview = useQuery({
    queryKey: ['staff-invite', q],
    queryFn: () => staffApi.preview(q),
    retry: false,
    enabled: !!q.shop && !!q.token,
  });
  const { session, loginPath, signOut } = useSession();
  if (!q.shop || !q.token || preview.isError) {
    return (
      <main className="px-4 py-16">
        <div className={box}>
          <h1 className="text-xl font-bold text-slate-900">This invite link does not work</h1>
          <p className="mt-2 text-slate-600">
            It may have been used already, cancelled, or be older than 7 days. Ask the shop for a new invite.
          </p>
        </div>
      </main>
    );
  }
  if (!preview.data) return <PageLoading />;
  const p = preview.data;
  const signedInElse = session && session.email !== p.email;
  return (
    <main className="px-4 py-10 sm:py-16">
      <div className={box}>
        <span className="flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <UserPlus aria-hidden className="size-5" />
        </span>
        <h1 className="mt-3 text-2xl font-bold text-slate-900">Join {p.store_name}</h1>
        <p className="mt-2 text-slate-600">
          You are invited as <strong className="text-slate-900">{ROLE_NAMES[p.role]}</strong> (
          {ROLE_DESCRIPTIONS[p.role].toLowerCase()}) with{' '}
          <strong className="text-slate-900">{p.email}</strong>.
        </p>
        {signedInElse ? (
          <div className="mt-5 space-y-3">
            <p role="alert" className="text-sm text-red-700">
              You are signed in as {session.email}. Sign out, then open the link again to join as {p.email}.
            </p>
            <button type="button" onClick={signOut} className={buttonStyles.secondary}>
              Sign out
            </button>
          </div>
        ) : session ? (
          <JoinForm q={q} />
        ) : p.has_account ? (
          <div className="mt-5 space-y-3">
            <p className="text-sm text-slate-600">You already have a Haat account with this address.</p>
            <a href={loginPath(`/accept-invite?${params}`, 'vendor')} className={buttonStyles.primary}>
              Sign in to accept
            </a>
          </div>
        ) : (
          <JoinForm q={q} newcomer />
        )}
      </div>
    </main>
  );
}

/** Accepts the invite: a newcomer with a name and password (then signed in), or the signed-in invitee. */
function JoinForm({ q, newcomer = false }: { q: { shop: string; token: string }; newcomer?: boolean }) {
  const { session, signIn } = useSession();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [v, setV] = useState({ first_name: '', last_name: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) =>
    setV({ ...v, [k]: e.target.value });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const local: FieldErrors = {};
    if (newcomer) {
      if (!v.first_name.trim()) local.first_name = 'First name is required';
      if (!v.last_name.trim()) local.last_name = 'Last name is required';
      if (v.password.length < 8) local.password = 'Password must be at least 8 characters';
      if (v.confirm !== v.password) local.confirm = 'Passwords do not match';
    }
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    setFailure(null);
    try {
      const body = newcomer
        ? { ...q, first_name: v.first_name, last_name: v.last_name, password: v.password }
        : q;
      const done = await staffApi.accept(body);
      if (done.session) signIn(done.session);
      const userId = done.session?.id ?? session?.userId;
      if (userId) rememberShop(userId, done.slug);
      await qc.invalidateQueries({ queryKey: ownedShopsKey });
      navigate('/dashboard/', { replace: true });
    } catch (err) {
      setErrors(serverFieldErrors(err));
      setFailure(formFailureMessage(err));
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Accept the invite" className="mt-5 space-y-4">
      {newcomer ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="First name"
              value={v.first_name}
              onChange={set('first_name')}
              error={errors.first_name}
              autoComplete="given-name"
            />
            <TextField
              label="Last name"
              value={v.last_name}
              onChange={set('last_name')}
              error={errors.last_name}
              autoComplete="family-name"
            />
          </div>
          <PasswordField
            label="Password"
            value={v.password}
            onChange={set('password')}
            error={errors.password}
            autoComplete="new-password"
          />
          <PasswordField
            label="Confirm password"
            value={v.confirm}
            onChange={set('confirm')}
            error={errors.confirm}
            autoComplete="new-password"
          />
        </>
      ) : null}
      {failure && !Object.keys(errors).length ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {failure}
        </p>
      ) : null}
      <button type="submit" disabled={busy} className={`${buttonStyles.primary} w-full`}>
        {busy ? <Spinner /> : null}
        {newcomer ? 'Create account and join' : 'Join the shop'}
      </button>
    </form>
  );
}
