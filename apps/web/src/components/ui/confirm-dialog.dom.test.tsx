import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdvanceQuestion } from './advance-question.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

/* The yes-or-no question before something that cannot be undone, and the question a payment above what is owed
   gets: each asks in words, takes one answer, and cannot be answered twice while the answer is being sent. */

/** A Cancel order button that asks first; `busy` stands for the request in flight after Yes. */
function CancelOrder({ busy = false }: { busy?: boolean }) {
  const [open, setOpen] = useState(false);
  const [log, setLog] = useState<string[]>([]);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Cancel order
      </button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Cancel ORD-1042?"
        description="The customer is told by email and the stock goes back."
        confirmLabel="Yes, cancel it"
        cancelLabel="Keep the order"
        busy={busy}
        onConfirm={() => setLog((l) => [...l, 'confirmed'])}
      />
      <p data-testid="log">{log.join(',')}</p>
    </>
  );
}
const log = () => screen.getByTestId('log').textContent;

afterEach(cleanup);

describe('ConfirmDialog', () => {
  it('asks the question, named by its title, with the caller’s words, focused on the safe answer', () => {
    render(<CancelOrder />);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel ORD-1042?' });
    expect(dialog.textContent).toContain('The customer is told by email and the stock goes back.');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep the order' }));
  });

  it('confirms on Yes, and closes without confirming on the other answer', () => {
    render(<CancelOrder />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep the order' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(log()).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(log()).toBe('confirmed');
  });

  it('cannot be confirmed twice while the answer is sent', () => {
    render(<CancelOrder busy />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const yes = screen.getByRole('button', { name: 'Yes, cancel it' });
    expect(yes).toHaveProperty('disabled', true);
    expect(yes.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(yes);
    expect(log()).toBe('');
  });
});

describe('AdvanceQuestion', () => {
  it('shows the server’s words as an alert and keeps the excess only on its button', () => {
    let kept = 0;
    const message = 'Ravi Kumar’s balance is ₹200: ₹50 of this payment would be kept as an advance.';
    const { rerender } = render(
      <AdvanceQuestion message={message} amount="₹50" busy={false} onKeep={() => kept++} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(message);
    fireEvent.click(within(alert).getByRole('button', { name: 'Keep ₹50 as an advance' }));
    expect(kept).toBe(1);
    rerender(<AdvanceQuestion message={message} amount="₹50" busy onKeep={() => kept++} />);
    const keep = screen.getByRole('button', { name: 'Keep ₹50 as an advance' });
    expect(keep).toHaveProperty('disabled', true);
    fireEvent.click(keep);
    expect(kept).toBe(1);
  });
});
