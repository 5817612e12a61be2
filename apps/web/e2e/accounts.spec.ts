import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appForFile, newShopper } from './journeys.ts';

const app = await appForFile();

const run = Date.now().toString(36);
const vendor = { first: 'Asha', last: 'Verma', email: `vendor-${run}@example.com`, password: 'secret123' };
const customer = newShopper('Ravi Kumar', 'customer');

type Mail = { id: string; text: string };
async function mailbox(email: string): Promise<Mail[]> {
  const res = await fetch(app.url(`/api/dev/mailbox?to=${encodeURIComponent(email)}`));
  return (await res.json()).data ?? [];
}
/** The id of the newest mail to this address, so a later code can be told apart from an earlier one. */
const newestMailId = async (email: string) => (await mailbox(email))[0]?.id ?? null;

/** Waits for a mail newer than `afterId` and reads its 6-digit code. */
async function codeFor(email: string, afterId: string | null = null): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const [newest] = await mailbox(email);
    const code = newest && newest.id !== afterId ? /\b(\d{6})\b/.exec(newest.text)?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code mailed to ${email}`);
}

/** Types the code into the six boxes the way a person does: click the first, type on. */
async function enterCode(page: Page, code: string) {
  await page.getByLabel('Digit 1').click();
  await page.keyboard.type(code);
}

async function fillSignUp(page: Page, who: typeof vendor) {
  await page.getByLabel('First name').fill(who.first);
  await page.getByLabel('Last name').fill(who.last);
  await page.getByLabel('Email').fill(who.email);
  // Typed with stray characters: only digits stay.
  await page.getByLabel('Phone').fill('');
  await page.getByLabel('Phone').pressSequentially('98x76-54 3210');
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(who.password);
  await page.getByLabel('I agree to the Terms and Privacy Policy').check();
}

const storedToken = (page: Page) =>
  page.evaluate(() => ({ local: localStorage.getItem('token'), session: sessionStorage.getItem('token') }));

async function passwordLogin(page: Page, who: { email: string; password: string }, remember = false) {
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

describe('vendor accounts (main domain)', () => {
  it('validates the sign-up form, then signs up, verifies the emailed code and lands on shop registration', async () => {
    const page = await app.newPage({ width: 360 });
    await page.goto(app.url('/login?userType=vendor'));
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    for (const message of ['Last name is required', 'Email is required', 'Phone number is required']) {
      await page.getByText(message).waitFor();
    }
    await page.getByLabel('Phone').fill('12345');
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm password', { exact: true }).fill('secret124');
    await page.getByText('Invalid phone number').waitFor();
    await page.getByText('Passwords do not match').waitFor();
    expect(page.url()).toContain('/login');

    await fillSignUp(page, vendor);
    expect(await page.getByLabel('Phone').inputValue()).toBe('9876543210');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.waitForURL(
      (u) => u.pathname === '/verification' && u.searchParams.get('email') === vendor.email,
    );
    await page.getByText('The code expires in 10 minutes').waitFor();

    const verify = page.getByRole('button', { name: 'Verify & Continue' });
    expect(await verify.isDisabled()).toBe(true);
    await enterCode(page, await codeFor(vendor.email));
    expect(await page.getByLabel('Digit 6').evaluate((el) => el === document.activeElement)).toBe(true);
    await verify.click();
    await page.waitForURL((u) => u.pathname === '/shopregistration');
    await page.getByRole('heading', { name: 'Register your shop' }).waitFor();
    await page.getByText(`Signed in as ${vendor.first} ${vendor.last}`).waitFor();
    // Without Remember me: shared by the tabs (localStorage), ended with the browser (decision 0008).
    const token = await storedToken(page);
    expect(token.session).toBeNull();
    expect(JSON.parse(token.local ?? '{}')).toMatchObject({
      role_type: 'VENDOR',
      email: vendor.email,
      remember: false,
    });
    expect(await page.evaluate(() => document.cookie)).toContain('haat_browser_session=1');
    await page.context().close();
  });

  it('logs in with a password (Remember me keeps it in localStorage) and rejects a wrong one', async () => {
    const page = await app.newPage();
    await page.goto(app.url('/login?userType=vendor'));
    await passwordLogin(page, { email: vendor.email, password: 'wrong-pass1' });
    await page.getByRole('alert').getByText('Invalid email or password').waitFor();
    await passwordLogin(page, vendor, true);
    await page.waitForURL((u) => u.pathname === '/shopregistration');
    const token = await storedToken(page);
    expect(JSON.parse(token.local ?? '{}')).toMatchObject({ remember: true, firstName: vendor.first });
    expect(token.session).toBeNull();
    await page.context().close();
  });

  it('logs in with an emailed code (OTP)', async () => {
    const page = await app.newPage({ width: 360 });
    await page.goto(app.url('/login?userType=vendor'));
    await page.getByRole('tab', { name: 'OTP' }).click();
    const before = await newestMailId(vendor.email);
    await page.getByLabel('Email').fill(vendor.email);
    await page.getByRole('button', { name: 'Send Code' }).click();
    await enterCode(page, await codeFor(vendor.email, before));
    await page.getByRole('button', { name: 'Verify & Continue' }).click();
    await page.waitForURL((u) => u.pathname === '/shopregistration');
    await page.getByRole('button', { name: `Account menu for ${vendor.first} ${vendor.last}` }).waitFor();
    await page.context().close();
  });

  it('resets a forgotten password with a code and is signed in', async () => {
    const page = await app.newPage();
    await page.goto(app.url('/login?userType=vendor'));
    await page.getByLabel('Email').fill(vendor.email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((u) => u.pathname === '/forgot-password');
    expect(await page.getByLabel('Email').inputValue()).toBe(vendor.email);
    const before = await newestMailId(vendor.email);
    await page.getByRole('button', { name: 'Send Code' }).click();
    await enterCode(page, await codeFor(vendor.email, before));
    vendor.password = 'newsecret456';
    await page.getByLabel('New password', { exact: true }).fill(vendor.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(vendor.password);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL((u) => u.pathname === '/shopregistration');
    await page.context().close();
  });

  it('answers wrong codes alike, and makes this browser wait after five', async () => {
    const who = { ...vendor, email: `locked-${run}@example.com` };
    const page = await app.newPage({ width: 360 });
    await page.goto(app.url('/login?userType=vendor&mode=signup'));
    await fillSignUp(page, who);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/verification');
    const real = await codeFor(who.email);
    const wrong = String((Number(real) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 1; i <= 5; i++) {
      await enterCode(page, wrong);
      await page.getByRole('button', { name: 'Verify & Continue' }).click();
      await page.getByRole('alert').getByText('Invalid or expired code').first().waitFor();
      expect(await page.getByLabel('Digit 1').inputValue()).toBe('');
    }
    await enterCode(page, wrong);
    await page.getByRole('button', { name: 'Verify & Continue' }).click();
    await page.getByRole('alert').getByText('Too many wrong codes. Please wait a few minutes').waitFor();
    expect(page.url()).toContain('/verification');
    await page.context().close();
  });

  it('offers Resend Code after 30 seconds, then restarts the countdown and clears the boxes', async () => {
    const page = await app.newPage();
    await page.clock.install();
    const email = `nobody-${run}@example.com`;
    await page.goto(app.url(`/verification?email=${encodeURIComponent(email)}&userType=vendor`));
    await page.getByText(/Resend code in 0:(30|29)/).waitFor();
    expect(await page.getByRole('button', { name: 'Resend Code' }).count()).toBe(0);
    await page.getByLabel('Digit 1').click();
    await page.keyboard.type('123');
    await page.clock.fastForward('00:31');
    const sent = page.waitForResponse((r) => r.url().includes('/api/user/auth/send-otp/'));
    await page.getByRole('button', { name: 'Resend Code' }).click();
    const response = await sent;
    expect(response.status()).toBe(202);
    expect(response.request().postDataJSON()).toMatchObject({
      email,
      purpose: 'VERIFY_EMAIL',
      role_name: 'VENDOR',
    });
    await page.getByText(/Resend code in 0:(30|29)/).waitFor();
    await page.getByText(`We sent a new code to ${email}.`).waitFor();
    expect(await page.getByLabel('Digit 1').inputValue()).toBe('');
    await page.context().close();
  });

  it('sends a 401 that refresh cannot fix back to login', async () => {
    const page = await app.newPage();
    await page.goto(app.url('/'));
    await page.evaluate(() => {
      const stale = {
        accessToken: 'not-a-token',
        refreshToken: 'x'.repeat(43),
        expiresAt: Date.now() + 3_600_000,
      };
      const who = { role_type: 'VENDOR', firstName: 'A', lastName: 'B', userId: 'u1', email: 'a@b.co' };
      sessionStorage.setItem('token', JSON.stringify({ ...stale, ...who, stores: [], remember: false }));
    });
    await page.goto(app.url('/profile'));
    await page.getByText('Your session has expired. Please login again.').waitFor();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/profile');
    expect((await storedToken(page)).session).toBeNull();
    await page.context().close();
  });

  it('refreshes an expired access token before showing a signed-in page (and rotates the refresh token)', async () => {
    const res = await fetch(app.url('/api/user/auth/login/'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: vendor.email, password: vendor.password, role_name: 'VENDOR' }),
    });
    const s = (await res.json()).data;
    const page = await app.newPage();
    await page.goto(app.url('/'));
    await page.evaluate((s) => {
      const who = { role_type: 'VENDOR', firstName: s.first_name, lastName: s.last_name, userId: s.id };
      const tokens = {
        accessToken: s.access_token,
        refreshToken: s.refresh_token,
        expiresAt: Date.now() - 1000,
      };
      sessionStorage.setItem(
        'token',
        JSON.stringify({ ...who, ...tokens, email: s.email, stores: [], remember: false }),
      );
    }, s);
    await page.goto(app.url('/profile'));
    await page.getByLabel('First name').waitFor();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(vendor.email);
    const stored = JSON.parse((await storedToken(page)).local ?? '{}');
    expect(stored.refreshToken).not.toBe(s.refresh_token);
    expect(stored.expiresAt).toBeGreaterThan(Date.now());
    await page.context().close();
  });

  it('renews a rejected access token and repeats the call without telling the user their session expired', async () => {
    const res = await fetch(app.url('/api/user/auth/login/'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: vendor.email, password: vendor.password, role_name: 'VENDOR' }),
    });
    const s = (await res.json()).data;
    const page = await app.newPage();
    await page.goto(app.url('/'));
    await page.evaluate((s) => {
      const who = {
        role_type: 'VENDOR',
        firstName: s.first_name,
        lastName: s.last_name,
        userId: s.id,
        email: s.email,
      };
      // Looks valid for an hour, but the server refuses it (as after a secret rotation).
      const tokens = {
        accessToken: 'not-a-token',
        refreshToken: s.refresh_token,
        expiresAt: Date.now() + 3_600_000,
      };
      sessionStorage.setItem('token', JSON.stringify({ ...who, ...tokens, stores: [], remember: false }));
    }, s);
    await page.goto(app.url('/profile'));
    await page.getByLabel('First name').waitFor();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(vendor.email);
    expect(await page.getByText('Your session has expired. Please login again.').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/profile');
    await page.context().close();
  });

  it('edits the profile and changes the password from /profile', async () => {
    const page = await app.newPage({ width: 360 });
    await page.goto(app.url('/login?userType=vendor&redirect=%2Fprofile'));
    await passwordLogin(page, vendor);
    await page.waitForURL((u) => u.pathname === '/profile');
    await page.getByLabel('Last name').fill('Sharma');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated').waitFor();
    vendor.last = 'Sharma';
    await page.getByRole('button', { name: `Account menu for ${vendor.first} Sharma` }).waitFor();

    await page.getByLabel('Current password', { exact: true }).fill('not-my-pass1');
    await page.getByLabel('New password', { exact: true }).fill('changed789x');
    await page.getByLabel('Confirm new password', { exact: true }).fill('changed789x');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Your current password is not correct.').waitFor();
    await page.getByLabel('Current password', { exact: true }).fill(vendor.password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password changed').waitFor();
    vendor.password = 'changed789x';
    await page.context().close();
  });

  it('signs the vendor in on the admin host and shows the back-office home', async () => {
    const page = await app.newPage({ width: 360 });
    await page.goto(app.url('/dashboard', 'admin'));
    await page.waitForURL((u) => u.pathname === '/' && u.searchParams.get('redirect') === '/dashboard');
    await page.getByLabel('Email').fill(vendor.email);
    await page.getByLabel('Password', { exact: true }).fill(vendor.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.getByRole('heading', { name: `Welcome back, ${vendor.first}` }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    expect(await storedToken(page)).toEqual({ local: null, session: null });
    await page.context().close();
  });
});

describe('customer accounts (on a shop)', () => {
  it('signs up on the shop host, verifies, returns to the shop signed in, and logs out', async () => {
    const page = await app.newPage();
    await page.goto(app.url('/', app.demo.openShop));
    await page.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('userType') === 'customer');
    await page.getByText(`Shopping at`).waitFor();
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await fillSignUp(page, customer);
    const signup = page.waitForRequest((r) => r.url().includes('/api/user/auth/signup/'));
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    const request = await signup;
    expect(request.headers()['store-origin']).toBe(app.demo.openShop);
    expect(request.postDataJSON()).toMatchObject({ role_name: 'CUSTOMER', email: customer.email });
    await page.waitForURL((u) => u.pathname === '/verification');
    await enterCode(page, await codeFor(customer.email));
    await page.getByRole('button', { name: 'Verify & Continue' }).click();
    await page.waitForURL((u) => u.pathname === '/' && u.hostname.startsWith(app.demo.openShop));

    await page.getByRole('button', { name: `Account menu for ${customer.first} ${customer.last}` }).click();
    await page.getByText(`Welcome back, ${customer.first} ${customer.last}`).waitFor();
    await page.getByRole('link', { name: 'See Orders' }).waitFor();
    expect(JSON.parse((await storedToken(page)).local ?? '{}')).toMatchObject({
      role_type: 'CUSTOMER',
      storeSlug: app.demo.openShop,
    });
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(await storedToken(page)).toEqual({ local: null, session: null });
    await page.context().close();
  });

  it('sends a signed-out visit to /cart through login and back to /cart', async () => {
    const page = await app.newPage({ width: 360 });
    await page.goto(app.url('/cart', app.demo.openShop));
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/cart');
    await passwordLogin(page, customer);
    await page.waitForURL((u) => u.pathname === '/cart');
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    await page.getByRole('link', { name: 'Continue Shopping' }).waitFor();
    await page.context().close();
  });

  it('keeps a customer out of vendor pages: /shopregistration answers 403', async () => {
    const page = await app.newPage();
    // Customers sign in on their shop; under /store/{slug} that is the main domain, where vendor pages live.
    await page.goto(app.url(`/store/${app.demo.openShop}/login?userType=customer`));
    await passwordLogin(page, customer);
    await page.waitForURL((u) => u.pathname === `/store/${app.demo.openShop}`);
    // A shop's session is not the marketplace's (decision 0036): there a vendor page asks for a vendor's sign-in.
    await page.goto(app.url('/shopregistration'));
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('userType') === 'vendor');
    // Signed in on the marketplace as the shopper (Continue as), the vendor page answers 403.
    await page.goto(app.url('/login?userType=customer'));
    await page.getByRole('button', { name: `Continue as ${customer.first} ${customer.last}` }).click();
    await page.waitForURL((u) => u.pathname === '/account');
    await page.goto(app.url('/shopregistration'));
    await page.waitForURL((u) => u.pathname === '/unauthorized');
    await page.getByRole('heading', { name: '403 - Unauthorized' }).waitFor();
    await page.context().close();
  });
});
