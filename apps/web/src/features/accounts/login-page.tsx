import { useSearchParams } from '../../lib/router.tsx';
import { AuthShell } from './auth-shell.tsx';
import { useAuthTarget } from './auth-target.ts';
import { ContinueAs } from './continue-as.tsx';
import { OtpLoginForm } from './otp-login-form.tsx';
import { PasswordLoginForm } from './password-login-form.tsx';
import { SignupForm } from './signup-form.tsx';
import { Tabs } from './tabs.tsx';

type Mode = 'signup' | 'login';
type LoginMode = 'password' | 'otp';
const MODES = [
  { value: 'signup', label: 'Sign Up' },
  { value: 'login', label: 'Login' },
] as const;
const LOGIN_MODES = [
  { value: 'password', label: 'Password' },
  { value: 'otp', label: 'OTP' },
] as const;

/** /login (01 §2 Sign-up and login screen): Sign Up and Login tabs; Login by password or by a code. */
export function LoginPage() {
  const target = useAuthTarget();
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'signup' ? 'signup' : 'login';
  const loginMode: LoginMode = params.get('via') === 'otp' ? 'otp' : 'password';
  const set = (key: string, value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const shopName = target.shop?.store_name;
  const title = mode === 'signup' ? 'Create your account' : 'Welcome back';
  const subtitle = shopName
    ? mode === 'signup'
      ? `Sign up to shop at ${shopName}, keep a cart and track your orders.`
      : `Login to your ${shopName} account.`
    : mode === 'signup'
      ? 'Create your vendor account to register your shop.'
      : 'Login to your vendor account.';

  return (
    <AuthShell target={target} title={title} subtitle={subtitle}>
      <Tabs label="Account" tabs={MODES} value={mode} onChange={(v) => set('mode', v)}>
        {mode === 'signup' ? (
          <SignupForm target={target} initialEmail={params.get('email') ?? ''} />
        ) : (
          <>
            <ContinueAs target={target} />
            <Tabs
              label="Login with"
              tabs={LOGIN_MODES}
              value={loginMode}
              onChange={(v) => set('via', v)}
              variant="pill"
              panelLabel={loginMode === 'password' ? 'Login with password' : 'Login with a code'}
            >
              {loginMode === 'password' ? (
                <PasswordLoginForm target={target} initialEmail={params.get('email') ?? ''} />
              ) : (
                <OtpLoginForm target={target} initialEmail={params.get('email') ?? ''} />
              )}
            </Tabs>
          </>
        )}
      </Tabs>
    </AuthShell>
  );
}
