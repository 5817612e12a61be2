// Kit: the modal dialog (native <dialog>: focus kept inside, Escape and backdrop close, named by its title).
import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { raiseToasts } from './toast-layer.tsx';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Tailwind max-width class for the panel. */
  size?: string;
}

/**
 * A modal dialog on the native <dialog> element: showModal() makes the rest of the page inert (so
 * focus stays inside), Escape closes it, and it is exposed as a modal dialog named by its heading.
 * Mark the element that should take focus on open with `data-autofocus`.
 */
export function Dialog({ open, onClose, title, description, children, size = 'max-w-lg' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) {
      el.showModal();
      raiseToasts();
      // showModal focuses the first focusable element (the close button); prefer the marked one.
      el.querySelector<HTMLElement>('[data-autofocus]')?.focus();
      const { overflow } = document.body.style;
      document.body.style.overflow = 'hidden';
      return () => {
        document.body.style.overflow = overflow;
      };
    }
    if (!open && el.open) el.close();
    return undefined;
  }, [open]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const handleClose = () => onCloseRef.current();
    // A click on the backdrop lands on the <dialog> itself; the panel fills the box otherwise.
    const handleClick = (e: MouseEvent) => {
      if (e.target === el) el.close();
    };
    el.addEventListener('close', handleClose);
    el.addEventListener('click', handleClick);
    return () => {
      el.removeEventListener('close', handleClose);
      el.removeEventListener('click', handleClick);
      if (el.open) el.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      className={`m-auto w-[calc(100%-2rem)] ${size} rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60 backdrop:backdrop-blur-sm`}
    >
      {open ? (
        <div className="relative p-5 sm:p-7">
          <button
            type="button"
            onClick={() => ref.current?.close()}
            aria-label="Close"
            className="absolute top-3 right-3 rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <X aria-hidden className="size-5" />
          </button>
          <h2 id={titleId} className="pr-10 text-xl font-bold sm:text-2xl">
            {title}
          </h2>
          {description ? (
            <p id={descId} className="mt-1 text-sm text-slate-600">
              {description}
            </p>
          ) : null}
          <div className="mt-5">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
