import { buttonStyles } from '../../components/ui/button-styles.ts';
import { useSearchParams } from '../../lib/router.tsx';
import { AuthShell } from './auth-shell.tsx';
import { useAuthTarget } from './auth-target.ts';
import { ContinueAs } from './continue-as.tsx';
import { GuestCheckout } from './guest-checkout.tsx';
import { OtpLoginForm } from './otp-login-form.tsx';
import { PasswordLoginForm } from './password-login-form.tsx';
import { SignupForm } from './signup-form.tsx';
import { Tabs } from './tabs.tsx';

type Mode = 'signup' | 'login' | 'guest';
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
  const asked = params.get('mode');
  const shopper = target.role === 'CUSTOMER';
  // A guest orders at a shop: the marketplace has no guest checkout.
  const atShop = shopper && !!target.storeOrigin;
  const mode: Mode = asked === 'signup' ? 'signup' : asked === 'guest' && atShop ? 'guest' : 'login';
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
    : shopper
      ? mode === 'signup'
        ? 'One Haat account signs you in at every shop on Haat.'
        : 'Login to your Haat account: one for every shop on Haat.'
      : mode === 'signup'
        ? 'Create your vendor account to register your shop.'
        : 'Login to your vendor account.';

  if (mode === 'guest') {
    return (
      <AuthShell
        target={target}
        title="Check out as a guest"
        subtitle={`Order from ${shopName ?? 'this shop'} with your email and a code: no password. You can set one after your order.`}
      >
        <GuestCheckout target={target} />
        <SwitchMode onClick={() => set('mode', 'login')}>I have an account: login</SwitchMode>
      </AuthShell>
    );
  }

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
      {atShop ? <SwitchMode onClick={() => set('mode', 'guest')}>Check out as a guest</SwitchMode> : null}
    </AuthShell>
  );
}

/** A way to the guest checkout and back, under the forms. */
function SwitchMode({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <div className="mt-6 border-t border-slate-200 pt-5 text-center">
      <button type="button" onClick={onClick} className={`${buttonStyles.secondary} w-full py-3`}>
        {children}
      </button>
    </div>
  );
}
