import { type RefObject, useState } from 'react';
import { clampFont, FONT_MAX, FONT_MIN } from './palette.ts';

const sizeProblem = (raw: string) => {
  const n = Number(raw);
  return raw.trim() === '' || !Number.isFinite(n) || n < FONT_MIN || n > FONT_MAX
    ? `Font size must be between ${FONT_MIN} and ${FONT_MAX}`
    : null;
};

/** The font size as typed (said when out of range, not silently changed) and as the slider shows it. */
export function useFontSize(initial: number) {
  const [size, setSize] = useState(initial);
  const [sizeInput, setSizeInput] = useState(String(initial));
  const [sizeError, setSizeError] = useState<string | null>(null);
  const onSizeInput = (raw: string) => {
    setSizeInput(raw);
    setSizeError(null);
    const n = Number(raw);
    if (n >= FONT_MIN && n <= FONT_MAX) setSize(Math.round(n));
  };
  // Out of range is said, not silently changed.
  const onSizeBlur = () => setSizeError(sizeProblem(sizeInput));
  const onSlide = (n: number) => {
    const v = clampFont(n);
    setSize(v);
    setSizeInput(String(v));
  };
  /** On confirm: the problem with the typed size, shown, or null. */
  const check = () => {
    const problem = sizeProblem(sizeInput);
    setSizeError(problem);
    return problem;
  };
  return { size, sizeInput, sizeError, onSizeInput, onSizeBlur, onSlide, check };
}

/** The text being edited: Enter confirms, Shift+Enter is a new line. */
export function TextBox({
  id,
  textRef,
  text,
  error,
  onText,
  onEnter,
}: {
  id: string;
  textRef: RefObject<HTMLTextAreaElement | null>;
  text: string;
  error: string | null;
  onText: (text: string) => void;
  onEnter: () => void;
}) {
  return (
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
        onChange={(e) => onText(e.target.value)}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-text-error` : undefined}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            onEnter();
          }
        }}
        className={`mt-1 block w-full rounded-lg border px-3 py-2 text-base text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none sm:text-sm ${
          error ? 'border-red-500' : 'border-slate-300'
        }`}
      />
      {error ? (
        <p id={`${id}-text-error`} role="alert" className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A theme text's colour and font size (typed or slid). */
export function StyleFields({
  id,
  color,
  onColor,
  font,
}: {
  id: string;
  color: string;
  onColor: (color: string) => void;
  font: ReturnType<typeof useFontSize>;
}) {
  const { size, sizeInput, sizeError, onSizeInput, onSizeBlur, onSlide } = font;
  return (
    <div className="grid grid-cols-[auto_1fr] items-end gap-3">
      <div>
        <label htmlFor={`${id}-color`} className="block text-xs font-medium text-slate-700">
          Colour
        </label>
        <input
          id={`${id}-color`}
          type="color"
          value={color}
          onChange={(e) => onColor(e.target.value)}
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
            onChange={(e) => onSizeInput(e.target.value)}
            onBlur={onSizeBlur}
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
            onChange={(e) => onSlide(Number(e.target.value))}
            className="min-w-0 flex-1 accent-brand-600"
          />
        </div>
      </div>
      {sizeError ? (
        <p id={`${id}-size-error`} role="alert" className="col-span-2 text-xs font-medium text-red-700">
          {sizeError}
        </p>
      ) : null}
    </div>
  );
}
