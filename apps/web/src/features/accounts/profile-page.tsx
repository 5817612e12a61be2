import { RefreshCw } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useQuery } from '../../lib/query.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { KeepAccount } from '../orders/index.ts';
import { authApi, meKey } from './auth-api.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { ProfileForm } from './profile-form.tsx';

function Card({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <div className="mt-6">{children}</div>
    </section>
  );
}

// A shopper's "Your Haat account" (decision 0032): loaded with this page only for a shopper.
const HaatAccountSections = lazy(() =>
  import('../haat-account/index.ts').then((m) => ({ default: m.HaatAccountSections })),
);

/**
 * /profile (any signed-in user): name and phone to edit, the email shown, and a password change; the marketplace's
 * /account (decision 0036) gives its own title and lead, and more sections (`children`) after the details.
 */
export function ProfilePage({
  title = 'Your profile',
  lead = 'Keep your details up to date.',
  children,
}: {
  title?: string;
  lead?: string;
  children?: ReactNode;
}) {
  const { session, storeOrigin } = useSession();
  const userId = session?.userId ?? '';
  const me = useQuery({
    queryKey: meKey(userId),
    queryFn: ({ signal }) => authApi.me(storeOrigin, signal),
    enabled: !!userId,
  });

  return (
    <div className="bg-slate-50 px-4 py-10 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-2xl space-y-6">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          <p className="mt-1 text-slate-600 [overflow-wrap:anywhere]">{lead}</p>
        </div>
        <Card id="details-heading" title="Personal details" description="Your name and phone number.">
          {me.data ? (
            <ProfileForm key={me.data.id} profile={me.data} />
          ) : me.isError ? (
            <div className="flex flex-col items-start gap-3">
              <p className="text-slate-700">We could not load your profile.</p>
              <button type="button" onClick={() => me.refetch()} className={buttonStyles.secondary}>
                <RefreshCw aria-hidden className="size-4" />
                Try again
              </button>
            </div>
          ) : (
            <p role="status" className="flex items-center gap-2 text-slate-600">
              <Spinner />
              Loading..
            </p>
          )}
        </Card>
        {children}
        {session?.guest ? (
          // A guest has no password to change yet: they may set one (decision 0031).
          <KeepAccount slug={storeOrigin ?? ''} />
        ) : (
          <Card
            id="password-heading"
            title="Change password"
            description="Other devices signed in to your account will be signed out."
          >
            <ChangePasswordForm />
          </Card>
        )}
        {session?.role_type === 'CUSTOMER' ? (
          <Suspense fallback={null}>
            <HaatAccountSections />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
