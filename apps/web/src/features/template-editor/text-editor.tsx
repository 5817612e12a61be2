import type { TextElement } from '@haat/contracts';
import { Check, X } from 'lucide-react';
import { type CSSProperties, useEffect, useId, useRef, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { clampFont, FONT_DEFAULT, FONT_MAX, FONT_MIN } from './palette.ts';

export interface EditTarget {
  label: string;
  /** A theme text element (text, colour, size) or a plain string (footer texts: text only). */
  value: TextElement | string;
  /** Where the clicked element is, to place the popover beside it on wide screens. */
  rect: { top: number; bottom: number; left: number };
  confirm: (value: TextElement | string) => void;
}

const HEX6 = /^#[0-9a-f]{6}$/i;
const POPOVER_W = 320;

/** Where the popover goes on wide screens: under the element, or above it when there is no room below. */
function place(rect: EditTarget['rect']): CSSProperties {
  const left = Math.max(8, Math.min(rect.left, window.innerWidth - POPOVER_W - 8));
  const below = window.innerHeight - rect.bottom > 340;
  const top = below ? rect.bottom + 8 : Math.max(8, rect.top - 348);
  return { '--pop-top': `${top}px`, '--pop-left': `${left}px` } as CSSProperties;
}

/**
 * The in-place text editor (01 §4: view mode to edit mode, confirm emits text, colour and size, or
 * cancel). A popover beside the element on wide screens, a bottom sheet on phones; Escape cancels.
 */
export function TextEditor({ target, onClose }: { target: EditTarget; onClose: () => void }) {
  const plain = typeof target.value === 'string';
  const el: TextElement = typeof target.value === 'string' ? { text: target.value } : target.value;
  const [text, setText] = useState(el.text);
  const [color, setColor] = useState(el.color && HEX6.test(el.color) ? el.color : '#0f172a');
  const [size, setSize] = useState(el.fontSize ?? FONT_DEFAULT);
  const [sizeInput, setSizeInput] = useState(String(el.fontSize ?? FONT_DEFAULT));
  const textRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const [textError, setTextError] = useState<string | null>(null);
  const [sizeError, setSizeError] = useState<string | null>(null);
  // A heading is what shoppers read first: it may not be blank (the server says the same).
  const required = /heading/i.test(target.label);
  const sizeProblem = (raw: string) => {
    const n = Number(raw);
    return raw.trim() === '' || !Number.isFinite(n) || n < FONT_MIN || n > FONT_MAX
      ? `Font size must be between ${FONT_MIN} and ${FONT_MAX}`
      : null;
  };

  useEffect(() => {
    textRef.current?.focus();
    textRef.current?.select();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const setFont = (n: number) => {
    const v = clampFont(n);
    setSize(v);
    setSizeInput(String(v));
  };

  const confirm = () => {
    const blank = required && !text.trim() ? `${target.label} cannot be empty` : null;
    const badSize = plain ? null : sizeProblem(sizeInput);
    setTextError(blank);
    setSizeError(badSize);
    if (blank || badSize) return;
    target.confirm(plain ? text : { ...el, text, color, fontSize: clampFont(Number(sizeInput)) });
    onClose();
  };

  return (
    <>
      <button
        type="button"
        aria-label="Cancel editing"
        tabIndex={-1}
        onClick={onClose}
        className="fixed inset-0 z-[60] cursor-default bg-slate-900/30 sm:bg-transparent"
      />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        style={place(target.rect)}
        className="fixed inset-x-0 bottom-0 z-[70] max-h-[85dvh] overflow-y-auto rounded-t-2xl bg-white p-4 shadow-2xl ring-1 ring-slate-200 sm:inset-x-auto sm:bottom-auto sm:top-[var(--pop-top)] sm:left-[var(--pop-left)] sm:w-80 sm:rounded-xl"
      >
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            confirm();
          }}
          className="space-y-3"
        >
          <h2 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
            Edit {target.label.toLowerCase()}
          </h2>
          <div>
            <label htmlFor={`${id}-text`} className="block text-xs font-medium text-slate-700">
              Text
            </label>
            <textarea
              ref={textRef}
              id={`${id}-text`}
              value={text}
              maxLength={500}
              rows={2}
              onChange={(e) => {
                setText(e.target.value);
                setTextError(null);
              }}
              aria-invalid={!!textError}
              aria-describedby={textError ? `${id}-text-error` : undefined}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) {
                  e.preventDefault();
                  confirm();
                }
              }}
              className={`mt-1 block w-full rounded-lg border px-3 py-2 text-base text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none sm:text-sm ${
                textError ? 'border-red-500' : 'border-slate-300'
              }`}
            />
            {textError ? (
              <p id={`${id}-text-error`} role="alert" className="mt-1 text-xs font-medium text-red-700">
                {textError}
              </p>
            ) : null}
          </div>
          {plain ? null : (
            <div className="grid grid-cols-[auto_1fr] items-end gap-3">
              <div>
                <label htmlFor={`${id}-color`} className="block text-xs font-medium text-slate-700">
                  Colour
                </label>
                <input
                  id={`${id}-color`}
                  type="color"
                  value={color}
                  onChange={(e) => setColor(e.target.value)}
                  className="mt-1 block h-10 w-14 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
                />
              </div>
              <div>
                <label htmlFor={`${id}-size`} className="block text-xs font-medium text-slate-700">
                  Font size (px)
                </label>
                <div className="mt-1 flex items-center gap-2">
                  <input
                    id={`${id}-size`}
                    type="number"
                    inputMode="numeric"
                    min={FONT_MIN}
                    max={FONT_MAX}
                    value={sizeInput}
                    onChange={(e) => {
                      setSizeInput(e.target.value);
                      setSizeError(null);
                      const n = Number(e.target.value);
                      if (n >= FONT_MIN && n <= FONT_MAX) setSize(Math.round(n));
                    }}
                    // Out of range is said, not silently changed.
                    onBlur={() => setSizeError(sizeProblem(sizeInput))}
                    aria-invalid={!!sizeError}
                    aria-describedby={sizeError ? `${id}-size-error` : undefined}
                    className="block h-10 w-16 rounded-lg border border-slate-300 px-2 text-base text-slate-900 focus:border-brand-500 focus:outline-none sm:text-sm"
                  />
                  <input
                    type="range"
                    aria-label="Font size slider"
                    min={FONT_MIN}
                    max={FONT_MAX}
                    value={size}
                    onChange={(e) => setFont(Number(e.target.value))}
                    className="min-w-0 flex-1 accent-brand-600"
                  />
                </div>
              </div>
              {sizeError ? (
                <p
                  id={`${id}-size-error`}
                  role="alert"
                  className="col-span-2 text-xs font-medium text-red-700"
                >
                  {sizeError}
                </p>
              ) : null}
            </div>
          )}
          <div className="flex justify-end gap-2 pt-1">
            <button type="button" onClick={onClose} className={buttonStyles.secondary}>
              <X aria-hidden className="size-4" />
              Cancel
            </button>
            <button type="submit" className={buttonStyles.primary}>
              <Check aria-hidden className="size-4" />
              Confirm
            </button>
          </div>
        </form>
      </div>
    </>
  );
}
