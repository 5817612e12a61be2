import { MailCheck } from 'lucide-react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { EmailText } from '../../components/ui/email-text.tsx';
import { Link, useSearchParams } from '../../lib/router.tsx';
import { AuthShell } from './auth-shell.tsx';
import { authHref, useAuthTarget } from './auth-target.ts';
import { CodeForm } from './code-form.tsx';
import { TermsLinks } from './terms-links.tsx';

/** /verification?email=…&userType=…&storeName=…: the 6-digit code sent at sign-up (01 §2). */
export function VerificationPage() {
  const target = useAuthTarget();
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const signupHref = authHref(target, 'login', { mode: 'signup', email });

  if (!email) {
    return (
      <AuthShell target={target} title="Verify your email">
        <p className="text-slate-700">
          We need to know which email to verify. Please sign up again, or log in: we send a new code to an
          email that is not verified yet.
        </p>
        <Link
          to={authHref(target, 'login', { mode: 'signup' })}
          className={`${buttonStyles.primary} mt-5 w-full`}
        >
          Back to sign up
        </Link>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      target={target}
      title="Verify your email"
      subtitle={
        <>
          Enter the 6-digit code we sent to{' '}
          <strong className="break-words text-slate-900">
            <EmailText email={email} />
          </strong>
          .{' '}
          <Link to={signupHref} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Change email
          </Link>
        </>
      }
    >
      <div className="mb-5 flex items-center gap-3 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-700">
        <MailCheck aria-hidden className="size-5 shrink-0" />
        <span>Check your inbox (and the spam folder) for an email from us.</span>
      </div>
      <CodeForm target={target} email={email} purpose="VERIFY_EMAIL" />
      <p className="mt-6 text-center text-xs text-slate-500">
        By verifying you agree to our <TermsLinks target={target} />.
      </p>
    </AuthShell>
  );
}
