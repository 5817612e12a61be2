import { type ReactNode, useEffect, useRef } from 'react';

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
