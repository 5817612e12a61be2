import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MoneyField } from './money-field.tsx';

/* The rupee amount field: it keeps the amount as typed, less a rupee sign, grouping commas and spaces, so the form's
   schema refuses a negative amount or a third decimal with its message rather than the field changing the amount. */

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

  it('keeps a third decimal, a second point and letters as typed, for the schema to refuse with its message', () => {
    render(<Amount />);
    type('449.10');
    expect(amount().value).toBe('449.10');
    expect(read()).toBe('reads 449.1');
    // Cutting a pasted 449.105 to 449.10 changed the amount without a word; it stays, and reads as what was typed.
    type('449.105');
    expect(amount().value).toBe('449.105');
    expect(read()).toBe('reads 449.105');
    type('449.10.5');
    expect(amount().value).toBe('449.10.5');
    expect(read()).toBe('reads NaN');
    type('12a');
    expect(amount().value).toBe('12a');
  });

  it('drops only what formats a pasted amount: the rupee sign, Rs, grouping commas and spaces', () => {
    render(<Amount />);
    type('₹ 1,25,000.50');
    expect(amount().value).toBe('125000.50');
    type('Rs. 2,500');
    expect(amount().value).toBe('2500');
    type('-₹ 40');
    expect(amount().value).toBe('-40');
    expect(read()).toBe('reads -40');
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
