import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MoneyField } from './money-field.tsx';

/* The rupee amount field: it keeps what an amount may hold (digits, a point, two decimals) and keeps a minus sign,
   so the form's schema can refuse a negative amount rather than the field turning -10 into 10. */

/** A form's use of the field: the text in state, and what a submit would read from it. */
function Amount({ error, hint }: { error?: string; hint?: string }) {
  const [text, setText] = useState('');
  return (
    <>
      <MoneyField label="Amount" value={text} onValue={setText} error={error} hint={hint} />
      <output>{text === '' ? 'empty' : `reads ${Number(text)}`}</output>
    </>
  );
}
const amount = () => screen.getByLabelText('Amount') as HTMLInputElement;
const type = (value: string) => fireEvent.change(amount(), { target: { value } });
const read = () => screen.getByRole('status').textContent;

afterEach(cleanup);

describe('MoneyField', () => {
  it('keeps a minus sign, so the amount reads as negative and a schema can refuse it', () => {
    render(<Amount />);
    type('-10');
    expect(amount().value).toBe('-10');
    expect(read()).toBe('reads -10');
    // The minus sign a phone keyboard or a pasted figure may bring (U+2212) is the same sign.
    type('−25.5');
    expect(amount().value).toBe('-25.5');
  });

  it('does not take a third decimal or a second point', () => {
    render(<Amount />);
    type('449.1');
    type('449.10');
    expect(amount().value).toBe('449.10');
    type('449.105');
    expect(amount().value).toBe('449.10');
    type('449.10.');
    expect(amount().value).toBe('449.10');
    expect(read()).toBe('reads 449.1');
  });

  it('drops the rupee sign, grouping commas, spaces and letters of a pasted amount', () => {
    render(<Amount />);
    type('₹ 1,25,000.50');
    expect(amount().value).toBe('125000.50');
    type('abc');
    expect(amount().value).toBe('');
    expect(read()).toBe('empty');
  });

  it('shows the ₹ prefix, a numeric keypad, and the error (not the hint) tied to the input', () => {
    const { rerender } = render(<Amount hint="GST included" />);
    expect(amount().getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByText('₹').getAttribute('aria-hidden')).toBe('true');
    const hintId = amount().getAttribute('aria-describedby') as string;
    expect(document.getElementById(hintId)?.textContent).toBe('GST included');
    expect(amount().hasAttribute('aria-invalid')).toBe(false);

    rerender(<Amount hint="GST included" error="Amount cannot be negative" />);
    expect(amount().getAttribute('aria-invalid')).toBe('true');
    const errorId = amount().getAttribute('aria-describedby') as string;
    expect(document.getElementById(errorId)?.textContent).toBe('Amount cannot be negative');
    expect(screen.queryByText('GST included')).toBeNull();
  });
});
