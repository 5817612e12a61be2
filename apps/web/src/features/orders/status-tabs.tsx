import type { OrderTab } from '@haat/contracts';
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export const ORDER_TAB_LABELS: readonly { value: OrderTab; label: string }[] = [
  { value: 'all', label: 'All Orders' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'processing', label: 'Processing' },
  { value: 'cancelled', label: 'Cancelled' },
];

/**
 * Your Orders' five tabs. On a narrow phone they wrap onto a second line, each tab whole (a strip scrolling
 * sideways hid the last ones); arrow keys move between them.
 */
export function StatusTabs({
  value,
  onChange,
  children,
}: {
  value: OrderTab;
  onChange: (tab: OrderTab) => void;
  children: ReactNode;
}) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = (i + step + ORDER_TAB_LABELS.length) % ORDER_TAB_LABELS.length;
    const tab = ORDER_TAB_LABELS[next];
    if (tab) onChange(tab.value);
    refs.current[next]?.focus();
  };
  return (
    <div>
      <div
        role="tablist"
        aria-label="Orders by status"
        className="flex flex-wrap gap-x-1 border-b border-slate-200"
      >
        {ORDER_TAB_LABELS.map((t, i) => {
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
              className={`-mb-px shrink-0 border-b-2 px-3 py-2.5 sm:py-3 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-500 ${
                selected
                  ? 'border-brand-600 text-brand-700'
                  : 'border-transparent text-slate-500 hover:text-slate-800'
              }`}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${value}`} className="mt-5">
        {children}
      </div>
    </div>
  );
}
