import { Bell } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { buttonStyles } from './button-styles.ts';
import { inputClass } from './fields.tsx';
import { Spinner } from './spinner.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The text under the field (or in a toast) for a failed sign-up: offline, the server's fault, or its own words. */
export function signupErrorText(err: unknown): string {
  if (!(err instanceof ApiError)) return 'Something went wrong. Please try again.';
  if (err.status === 0) return 'You appear to be offline. Please check your connection and try again.';
  if (err.status >= 500) return 'Something went wrong on our end. Please try again later.';
  return err.envelope?.error.issues?.[0]?.message || err.message || 'Please check your email address.';
}

/**
 * Kit: a one-field sign-up by email (Notify Me on a sale, back in stock). An empty or malformed address is refused
 * beside the field before anything is sent; the server's refusal (`serverError`) shows in the same place.
 */
export function EmailSignupForm({
  submitLabel,
  footnote,
  pending,
  serverError,
  onEmail,
  onEdit,
}: {
  submitLabel: string;
  footnote: string;
  pending: boolean;
  serverError: string | null;
  /** A well-formed address to sign up. */
  onEmail: (email: string) => void;
  /** The person changed the address or was refused before sending (clears the server's last refusal). */
  onEdit: () => void;
}) {
  const [email, setEmail] = useState('');
  const [clientError, setClientError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = email.trim();
    if (!EMAIL.test(value)) {
      setClientError(value ? 'Please enter a valid email address' : 'Please enter your email address');
      onEdit();
      return;
    }
    setClientError(null);
    onEmail(value);
  };
  const error = clientError ?? serverError;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <div>
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
          Email address
        </label>
        <input
          id={inputId}
          data-autofocus
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (clientError) setClientError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`mt-1.5 ${inputClass(!!error)}`}
        />
        {error ? (
          <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-600">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" disabled={pending} className={buttonStyles.primary}>
        {pending ? <Spinner /> : <Bell aria-hidden className="size-4" />}
        {pending ? 'Signing you up...' : submitLabel}
      </button>
      <p className="text-xs text-slate-500">{footnote}</p>
    </form>
  );
}
