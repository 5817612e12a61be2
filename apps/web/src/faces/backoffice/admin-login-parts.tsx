import { Eye, EyeOff } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';

const inputClass = (error: string | undefined) =>
  `w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 placeholder:text-slate-400 focus:ring-2 focus:outline-none ${
    error
      ? 'border-red-500 focus:ring-red-100'
      : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'
  }`;

interface InputProps {
  id: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
}

function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600">
      {error}
    </p>
  ) : null;
}

const described = (id: string, error: string | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

export function EmailInput({ id, value, onChange, error }: InputProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Email
      </label>
      <input
        id={id}
        type="email"
        autoComplete="username"
        inputMode="email"
        value={value}
        onChange={onChange}
        {...described(id, error)}
        placeholder="you@example.com"
        className={`mt-1.5 ${inputClass(error)}`}
      />
      <ErrorText id={id} error={error} />
    </div>
  );
}

/** The password, with the button that shows or hides it. */
export function PasswordInput({ id, value, onChange, error }: InputProps) {
  const [showPassword, setShowPassword] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Password
      </label>
      <div className="relative mt-1.5">
        <input
          id={id}
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          value={value}
          onChange={onChange}
          {...described(id, error)}
          className={`${inputClass(error)} pr-12`}
        />
        <button
          type="button"
          onClick={() => setShowPassword((s) => !s)}
          aria-label={showPassword ? 'Hide password' : 'Show password'}
          aria-controls={id}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {showPassword ? <EyeOff aria-hidden className="size-5" /> : <Eye aria-hidden className="size-5" />}
        </button>
      </div>
      <ErrorText id={id} error={error} />
    </div>
  );
}

export function CheckBox({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm text-slate-700">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 rounded border-slate-300 accent-brand-600"
      />
      {label}
    </label>
  );
}
