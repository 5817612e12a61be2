import { lazy, type ReactNode, Suspense } from 'react';
import { useSession } from '../../lib/session/session-context.tsx';

// Only a signed-in user has a menu: a shopper's first visit does not load it.
const SignedInMenu = lazy(() => import('./signed-in-menu.tsx').then((m) => ({ default: m.SignedInMenu })));

const Pending = () => <span aria-hidden className="block size-10 animate-pulse rounded-full bg-slate-200" />;

/**
 * Signed in: a round button with the user's initials opening Welcome back, View Profile, See Orders (when a
 * shop is in context) and Logout (signed-in-menu.tsx). Signed out: `signedOut` (the header's Login button).
 */
export function UserMenu({
  profileHref,
  ordersHref,
  links = [],
  signedOut,
}: {
  profileHref: string;
  ordersHref?: string | null;
  /** More places for this user (a vendor's My shops and back office); `href` may be another host. */
  links?: { label: string; href: string; icon: ReactNode }[];
  signedOut: ReactNode;
}) {
  const { status, session } = useSession();
  if (status === 'loading') return <Pending />;
  if (!session) return <>{signedOut}</>;
  return (
    <Suspense fallback={<Pending />}>
      <SignedInMenu profileHref={profileHref} ordersHref={ordersHref} links={links} />
    </Suspense>
  );
}
