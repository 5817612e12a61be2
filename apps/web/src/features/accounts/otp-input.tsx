import { useRef } from 'react';

export const OTP_BOXES = 6;
export const emptyCode = () => Array.from({ length: OTP_BOXES }, () => '');
export const codeComplete = (code: string[]) => code.every((d) => /^\d$/.test(d));

/**
 * Six single-digit boxes (01 §2 Verification screen): typing moves on, Backspace on an empty box moves
 * back, arrows move, and a paste fills up to six digits from the box it lands in.
 */
export function OtpInput({
  value,
  onChange,
  disabled,
  invalid,
  describedBy,
  autoFocus,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  autoFocus?: boolean;
}) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (i: number) => {
    const el = refs.current[Math.max(0, Math.min(OTP_BOXES - 1, i))];
    el?.focus();
    el?.select();
  };

  const fill = (from: number, digits: string) => {
    const next = [...value];
    let i = from;
    for (const d of digits.replace(/\D/g, '').slice(0, OTP_BOXES - from)) next[i++] = d;
    onChange(next);
    focus(Math.min(i, OTP_BOXES - 1));
  };

  return (
    <fieldset className="flex justify-between gap-1.5 sm:gap-3" aria-describedby={describedBy}>
      <legend className="sr-only">Verification code</legend>
      {value.map((digit, i) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the six boxes are fixed positions
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          // biome-ignore lint/a11y/noAutofocus: the code entry is the page's only task
          autoFocus={autoFocus && i === 0}
          aria-label={`Digit ${i + 1}`}
          aria-invalid={invalid ? true : undefined}
          disabled={disabled}
          value={digit}
          onFocus={(e) => e.currentTarget.select()}
          onChange={(e) => {
            const typed = e.target.value.replace(/\D/g, '');
            if (!typed) {
              const next = [...value];
              next[i] = '';
              onChange(next);
              return;
            }
            // Typing over a filled box, or an autofill of the whole code, brings several digits at once.
            fill(i, typed.length > 1 && digit && typed.startsWith(digit) ? typed.slice(1) : typed);
          }}
          onPaste={(e) => {
            e.preventDefault();
            fill(i, e.clipboardData.getData('text'));
          }}
          onKeyDown={(e) => {
            if (e.key === 'Backspace' && !digit && i > 0) {
              e.preventDefault();
              const next = [...value];
              next[i - 1] = '';
              onChange(next);
              focus(i - 1);
            } else if (e.key === 'ArrowLeft') {
              e.preventDefault();
              focus(i - 1);
            } else if (e.key === 'ArrowRight') {
              e.preventDefault();
              focus(i + 1);
            }
          }}
          className={`h-12 w-full min-w-0 max-w-14 rounded-lg border bg-white text-center text-xl font-semibold text-slate-900 focus:ring-2 focus:outline-none disabled:bg-slate-100 sm:h-14 ${
            invalid
              ? 'border-red-500 focus:ring-red-100'
              : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'
          }`}
        />
      ))}
    </fieldset>
  );
}

/** Puts focus back on the first box (after a failed try or a new code). */
export function focusFirstDigit(container: HTMLElement | null) {
  container?.querySelector<HTMLInputElement>('input[aria-label="Digit 1"]')?.focus();
}
