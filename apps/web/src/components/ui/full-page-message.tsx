// Kit: a centred full-page message (loading, errors, shop status screens).
import type { ReactNode } from 'react';

/** A centred full-page message: loading, errors and the shop status screens use it. */
export function FullPageMessage({
  title,
  body,
  icon,
  children,
}: {
  title: string;
  body?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      {icon}
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      {body ? <div className="max-w-md text-slate-600">{body}</div> : null}
      {children}
    </main>
  );
}
