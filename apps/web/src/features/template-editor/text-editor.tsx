import type { TextElement } from '@haat/contracts';
import { Check, X } from 'lucide-react';
import { type CSSProperties, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { clampFont, FONT_DEFAULT } from './palette.ts';
import { StyleFields, TextBox, useFontSize } from './text-editor-parts.tsx';

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
  const font = useFontSize(el.fontSize ?? FONT_DEFAULT);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const [textError, setTextError] = useState<string | null>(null);
  // A heading is what shoppers read first: it may not be blank (the server says the same).
  const required = /heading/i.test(target.label);

  useEffect(() => {
    textRef.current?.focus();
    textRef.current?.select();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const confirm = () => {
    const blank = required && !text.trim() ? `${target.label} cannot be empty` : null;
    const badSize = plain ? null : font.check();
    setTextError(blank);
    if (blank || badSize) return;
    target.confirm(plain ? text : { ...el, text, color, fontSize: clampFont(Number(font.sizeInput)) });
    onClose();
  };

  return (
    <Popover labelledBy={`${id}-title`} rect={target.rect} onClose={onClose}>
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
        <TextBox
          id={id}
          textRef={textRef}
          text={text}
          error={textError}
          onText={(t) => {
            setText(t);
            setTextError(null);
          }}
          onEnter={confirm}
        />
        {plain ? null : <StyleFields id={id} color={color} onColor={setColor} font={font} />}
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
    </Popover>
  );
}

/** A popover beside the element on wide screens, a bottom sheet on phones; a click outside cancels. */
function Popover({
  labelledBy,
  rect,
  onClose,
  children,
}: {
  labelledBy: string;
  rect: EditTarget['rect'];
  onClose: () => void;
  children: ReactNode;
}) {
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
        aria-labelledby={labelledBy}
        style={place(rect)}
        className="fixed inset-x-0 bottom-0 z-[70] max-h-[85dvh] overflow-y-auto rounded-t-2xl bg-white p-4 shadow-2xl ring-1 ring-slate-200 sm:inset-x-auto sm:bottom-auto sm:top-[var(--pop-top)] sm:left-[var(--pop-left)] sm:w-80 sm:rounded-xl"
      >
        {children}
      </div>
    </>
  );
}
