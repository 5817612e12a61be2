import { useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { problemText } from './settings-ui.tsx';

/**
 * Asks before deleting a settings row. A refusal (e.g. the last active delivery option) is said inside the
 * dialog, which stays open for another try; a toast would sit behind its backdrop.
 */
export function DeleteConfirm<T>({
  item,
  onClose,
  title,
  describe,
  remove,
  failText,
}: {
  item: T | null;
  onClose: () => void;
  title: string;
  describe: (item: T) => string;
  /** Deletes the row (and says so); throws when the server refuses. */
  remove: (item: T) => Promise<void>;
  failText: string;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setProblem(null);
    onClose();
  };
  const confirm = async () => {
    if (item === null) return;
    setBusy(true);
    try {
      await remove(item);
      close();
    } catch (err) {
      setProblem(problemText(err, failText));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open={item !== null}
      onClose={close}
      title={title}
      description={
        item !== null ? (
          <>
            {describe(item)}
            {problem ? (
              <span
                role="alert"
                className="mt-3 block rounded-lg bg-red-50 px-3 py-2 text-red-700 ring-1 ring-red-200"
              >
                {problem}
              </span>
            ) : null}
          </>
        ) : undefined
      }
      confirmLabel="Delete"
      busy={busy}
      onConfirm={confirm}
    />
  );
}
