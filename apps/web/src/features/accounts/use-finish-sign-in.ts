import type { Session } from '@haat/contracts';
import { useNavigate } from '../../lib/router.tsx';
import { useSession } from '../../lib/session/session-context.tsx';
import { type AuthTarget, afterSignIn } from './auth-target.ts';

/** Stores a sign-in and goes on: to the return path, else the vendor's shop registration or the shop home. */
export function useFinishSignIn(target: AuthTarget) {
  const { signIn } = useSession();
  const navigate = useNavigate();
  return (s: Session) => {
    signIn(s);
    navigate(afterSignIn(target), { replace: true });
  };
}
