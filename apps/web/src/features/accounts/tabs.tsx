import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

/** A small accessible tab list (arrow keys move between tabs); the caller renders the active panel. */
export function Tabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
  children,
  variant = 'underline',
  panelLabel,
}: {
  label: string;
  tabs: readonly { value: T; label: string }[];
  value: T;
  onChange: (v: T) => void;
  children: ReactNode;
  variant?: 'underline' | 'pill';
  /** Names the panel instead of its tab, when the tab's text would clash with a field label inside. */
  panelLabel?: string;
}) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = (i + step + tabs.length) % tabs.length;
    const tab = tabs[next];
    if (tab) onChange(tab.value);
    refs.current[next]?.focus();
  };
  const pill = variant === 'pill';
  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className={
          pill
            ? 'grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1'
            : 'grid grid-cols-2 border-b border-slate-200'
        }
      >
        {tabs.map((t, i) => {
          const selected = t.value === value;
          return (
            <button
              key={t.value}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-${t.value}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(t.value)}
              onKeyDown={(e) => onKeyDown(e, i)}
              className={
                pill
                  ? `rounded-md px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-500 ${
                      selected ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-600 hover:text-slate-900'
                    }`
                  : `-mb-px border-b-2 px-3 py-3 text-base font-semibold focus-visible:outline-2 focus-visible:outline-brand-500 ${
                      selected
                        ? 'border-brand-600 text-brand-700'
                        : 'border-transparent text-slate-500 hover:text-slate-800'
                    }`
              }
            >
              {t.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={panelLabel ? undefined : `${id}-${value}`}
        aria-label={panelLabel}
        className={pill ? 'mt-5' : 'mt-6'}
      >
        {children}
      </div>
    </div>
  );
}
