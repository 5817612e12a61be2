import { buttonStyles } from './button-styles.ts';

/**
 * Kit: the question a payment above what is owed gets (a khata's, a supplier's): the server's words and one button
 * that sends the payment again, keeping the excess as an advance.
 */
export function AdvanceQuestion({
  message,
  amount,
  busy,
  onKeep,
}: {
  message: string;
  /** The excess, as the dialog writes amounts. */
  amount: string;
  busy: boolean;
  onKeep: () => void;
}) {
  return (
    <div className="space-y-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="alert">
      <p>{message}</p>
      <button type="button" className={buttonStyles.secondary} onClick={onKeep} disabled={busy}>
        Keep {amount} as an advance
      </button>
    </div>
  );
}
