import { describe, expect, it } from 'vitest';
import { accountExistsMail, otpMail, welcomeMail } from './mail.service.ts';

describe('mail templates', () => {
  it('puts the code in the body only, with a subject per purpose', () => {
    const base = { to: 'asha@example.in', firstName: 'Asha', code: '482913', minutes: 10 };
    const verify = otpMail({ ...base, purpose: 'VERIFY_EMAIL' });
    expect(verify.subject).toBe('Your Haat verification code');
    expect(verify.subject).not.toContain('482913');
    expect(verify.text).toContain('482913');
    expect(verify.text).toContain('Hi Asha,');
    expect(verify.text).toContain('10 minutes');
    expect(verify.html).toContain('482913');
    expect(verify.to).toBe('asha@example.in');
    expect(otpMail({ ...base, purpose: 'LOGIN' }).subject).toBe('Your sign-in code');
    expect(otpMail({ ...base, purpose: 'RESET_PASSWORD' }).subject).toBe('Reset your Haat password');
  });

  it('uses the shop name instead of Haat, kept to one line in the subject', () => {
    const base = { to: 'c@example.in', firstName: 'Ravi', code: '111222', minutes: 10 };
    expect(otpMail({ ...base, purpose: 'VERIFY_EMAIL', shopName: 'Kumar Kirana' }).subject).toBe(
      'Your Kumar Kirana verification code',
    );
    expect(otpMail({ ...base, purpose: 'LOGIN', shopName: 'Kumar Kirana' }).subject).toBe(
      'Your Kumar Kirana sign-in code',
    );
    expect(otpMail({ ...base, purpose: 'RESET_PASSWORD', shopName: 'Evil\r\nBcc: x@y.z' }).subject).toBe(
      'Reset your Evil Bcc: x@y.z password',
    );
    expect(welcomeMail({ to: 'c@example.in', firstName: 'Ravi', shopName: 'Kumar Kirana' }).subject).toBe(
      'Welcome to Kumar Kirana',
    );
    expect(welcomeMail({ to: 'c@example.in', firstName: 'Ravi' }).subject).toBe('Welcome to Haat');
  });

  it('escapes every interpolated value in the HTML and keeps plain text as typed', () => {
    const mail = otpMail({
      to: 'a@example.in',
      firstName: '<img src=x onerror=alert(1)>',
      code: '123456',
      purpose: 'LOGIN',
      minutes: 10,
      shopName: 'Tom & "Jerry"',
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('Tom &amp; &quot;Jerry&quot;');
    expect(mail.text).toContain('Hi <img src=x onerror=alert(1)>,');
    const exists = accountExistsMail({ to: 'a@example.in', firstName: '</p><script>' });
    expect(exists.html).not.toContain('<script>');
    expect(exists.html).toContain('&lt;/p&gt;&lt;script&gt;');
  });

  it('tells the owner of an existing account what happened and what to do', () => {
    const mail = accountExistsMail({ to: 'a@example.in', firstName: 'Meena' });
    expect(mail.subject).toBe('You already have a Haat account');
    expect(mail.text).toMatch(/tried to create a Haat account with your email/);
    expect(mail.text).toMatch(/sign in/);
    expect(mail.text).toMatch(/reset your password/);
    expect(mail.html).toContain('Meena');
    expect(welcomeMail({ to: 'a@example.in', firstName: '' }).text).toContain('Hi there,');
  });
});
