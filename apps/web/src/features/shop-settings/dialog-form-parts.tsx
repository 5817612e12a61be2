import type { UseFormRegisterReturn } from 'react-hook-form';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { FieldShell } from '../../components/ui/fields.tsx';
import { inputClass, SaveButton } from './settings-ui.tsx';

/** A number field of a settings dialog: whole numbers (step 1) get the numeric keyboard, amounts the decimal one. */
export function NumberField({
  label,
  error,
  registration,
  step,
  hint,
  placeholder,
}: {
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  step: string;
  hint?: string;
  placeholder?: string;
}) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {(c) => (
        <input
          {...c}
          {...registration}
          type="number"
          inputMode={step === '1' ? 'numeric' : 'decimal'}
          min={0}
          step={step}
          placeholder={placeholder}
          className={`mt-1.5 ${inputClass(!!error)}`}
        />
      )}
    </FieldShell>
  );
}

/** A settings dialog's Cancel and save buttons. */
export function DialogFormActions({
  onCancel,
  busy,
  label,
}: {
  onCancel: () => void;
  busy: boolean;
  label: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <button type="button" onClick={onCancel} className={buttonStyles.secondary}>
        Cancel
      </button>
      <SaveButton busy={busy} label={label} />
    </div>
  );
}
