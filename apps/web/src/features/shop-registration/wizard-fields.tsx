import {
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useEffect,
  useRef,
} from 'react';
import { FieldShell, inputClass } from '../accounts/fields.tsx';

/** Select and textarea in the look of the account fields (the same FieldShell: label, error, described-by). */
export function SelectField({
  label,
  error,
  children,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & {
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <FieldShell label={label} error={error}>
      {(control) => (
        <select
          {...control}
          // A select counts as :read-only in CSS; only a disabled one should look greyed out.
          className={`mt-1.5 ${inputClass(!!error).replace(/read-only:\S+/g, '')}`}
          {...select}
        >
          {children}
        </select>
      )}
    </FieldShell>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  ...area
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> & {
  label: string;
  error?: string;
  hint?: ReactNode;
}) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {(control) => <textarea {...control} className={`mt-1.5 ${inputClass(!!error)}`} {...area} />}
    </FieldShell>
  );
}

let firstCard = true;

/** A step's card: title, short explanation, then the fields. Moving to a step puts the focus on its title. */
export function StepCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Not on the page's first load: only when the vendor moves between steps.
    if (firstCard) firstCard = false;
    else heading.current?.focus();
  }, []);
  return (
    <section
      aria-labelledby="step-title"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <h2
        ref={heading}
        id="step-title"
        tabIndex={-1}
        className="scroll-mt-24 text-xl font-bold text-slate-900 focus:outline-none"
      >
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-slate-600">{intro}</p> : null}
      <div className="mt-6 space-y-4">{children}</div>
    </section>
  );
}
