import type { ComponentProps, ReactNode } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { inputClass } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';

export { inputClass };

/** Selects match :read-only in CSS, which greys the account inputs' style: keep them white. */
export const selectClass = (invalid: boolean) =>
  inputClass(invalid).replace('read-only:bg-slate-100 read-only:text-slate-600', '');

export const dangerButton = buttonStyles.danger;

export const smallButton = (style: string) => style.replace('px-5 py-2.5', 'px-3 py-1.5');

/** One part of the settings screen: a card with its heading (the jump links point at its id). */
export function SettingsCard({
  id,
  title,
  description,
  action,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-20 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-60">
          <h2 id={`${id}-heading`} className="text-lg font-bold text-slate-900">
            {title}
          </h2>
          {description ? <div className="mt-1 text-sm text-slate-600">{description}</div> : null}
        </div>
        {action}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** The submit button of a settings form: "Saving..." while the request runs. */
export function SaveButton({ busy, label, disabled }: { busy: boolean; label: string; disabled?: boolean }) {
  return (
    <button
      type="submit"
      className={buttonStyles.primary}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
    >
      {busy ? <Spinner /> : null}
      {busy ? 'Saving...' : label}
    </button>
  );
}

/** A form-level failure (one the server did not tie to a field), announced to screen readers. */
export function FormProblem({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700 ring-1 ring-red-200">
      {children}
    </p>
  );
}

/** A checkbox drawn as a switch, with its label and an optional line of explanation or error. */
export function Toggle({
  id,
  label,
  hint,
  error,
  ...input
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
} & Omit<ComponentProps<'input'>, 'id' | 'type' | 'className'>) {
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className="relative mt-0.5 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-brand-600 checked:before:translate-x-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50 motion-reduce:transition-none"
        {...input}
      />
      <div className="min-w-0 text-sm">
        <label htmlFor={id} className="block cursor-pointer font-medium text-slate-900">
          {label}
        </label>
        {hint && !error ? (
          <p id={`${id}-hint`} className="text-slate-500">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className="mt-0.5 text-red-600">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** Loading and failure states of a card's data. */
export function CardState({
  loading,
  error,
  onRetry,
}: {
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}) {
  if (loading) {
    return (
      <div role="status" className="flex items-center gap-2 py-6 text-sm text-slate-600">
        <Spinner />
        Loading..
      </div>
    );
  }
  if (error) {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700 ring-1 ring-red-200">
        <span>This could not be loaded.</span>
        <button type="button" onClick={onRetry} className={smallButton(buttonStyles.secondary)}>
          Try again
        </button>
      </div>
    );
  }
  return null;
}

/** The server's reason for a failed call, for showing where the vendor is looking. */
export const problemText = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status > 0 && err.status < 500 && err.message ? err.message : fallback;
