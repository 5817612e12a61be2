import type { ErrorEnvelope } from '@haat/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { EmailSignupForm, signupErrorText } from './email-signup-form.tsx';

/* The one-field sign-up by email (Notify Me, back in stock): a missing or malformed address is refused beside the
   field before anything is sent; the server's refusal shows in the same place and goes when the address changes. */

function SignUp({ pending = false, refusal = null as string | null }) {
  const [signedUp, setSignedUp] = useState<string[]>([]);
  const [serverError, setServerError] = useState<string | null>(null);
  return (
    <>
      <EmailSignupForm
        submitLabel="Notify me"
        footnote="One mail when it is back."
        pending={pending}
        serverError={serverError}
        onEmail={(email) => {
          setSignedUp((s) => [...s, email]);
          setServerError(refusal);
        }}
        onEdit={() => setServerError(null)}
      />
      <p data-testid="signed-up">{signedUp.join(',')}</p>
    </>
  );
}
const email = () => screen.getByLabelText('Email address') as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
const signedUp = () => screen.getByTestId('signed-up').textContent;

afterEach(cleanup);

describe('EmailSignupForm', () => {
  it('asks for an address, then for a valid one, and signs up nobody meanwhile', () => {
    render(<SignUp />);
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Please enter your email address');
    expect(email().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(email(), { target: { value: 'asha@example' } });
    // Typing again clears the message until the next try.
    expect(screen.queryByRole('alert')).toBeNull();
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address');
    expect(signedUp()).toBe('');
  });

  it('signs up the trimmed address', () => {
    render(<SignUp />);
    fireEvent.change(email(), { target: { value: '  asha@example.in ' } });
    submit();
    expect(signedUp()).toBe('asha@example.in');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server’s refusal beside the field until the next try replaces it', () => {
    render(<SignUp refusal="You are already on the list for this product" />);
    fireEvent.change(email(), { target: { value: 'asha@example.in' } });
    submit();
    expect(screen.getByRole('alert').textContent).toBe('You are already on the list for this product');
    expect(email().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(email(), { target: { value: 'bad' } });
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address');
  });

  it('is busy while the sign-up is sent', () => {
    render(<SignUp pending />);
    const button = screen.getByRole('button', { name: 'Signing you up...' });
    expect(button).toHaveProperty('disabled', true);
  });
});

describe('signupErrorText', () => {
  const refusal = (status: number, envelope?: ErrorEnvelope) => new ApiError(status, 'Refused', envelope);

  it('says offline, the server’s fault, or the field’s own words', () => {
    expect(signupErrorText(new Error('boom'))).toBe('Something went wrong. Please try again.');
    expect(signupErrorText(refusal(0))).toBe(
      'You appear to be offline. Please check your connection and try again.',
    );
    expect(signupErrorText(refusal(503))).toBe('Something went wrong on our end. Please try again later.');
    const invalid: ErrorEnvelope = {
      success: false,
      message: 'Invalid request',
      error: {
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'email', message: 'email must be a valid address' }],
      },
    };
    expect(signupErrorText(refusal(400, invalid))).toBe('email must be a valid address');
    expect(signupErrorText(refusal(429))).toBe('Refused');
  });
});
