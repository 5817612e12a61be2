// Kit: the yes-or-no question before something that cannot be undone (built on Dialog).
import type { ReactNode } from 'react';
import { buttonStyles } from './button-styles.ts';
import { Dialog } from './dialog.tsx';
import { Spinner } from './spinner.tsx';

const dangerButton = buttonStyles.danger;

/** A yes-or-no question before something that cannot be undone (cancel an order, delete an address). */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description} size="max-w-md">
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} className={buttonStyles.secondary} data-autofocus>
          {cancelLabel}
        </button>
        <button type="button" onClick={onConfirm} disabled={busy} aria-busy={busy} className={dangerButton}>
          {busy ? <Spinner /> : null}
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
