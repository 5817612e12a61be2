/**
 * The shopper's checkout in a browser, through the two-process test's proxy (scripts/two-process-test.ts): sign up
 * at the shop with the mailed code, add a product on its page, save an address at checkout and place a cash on
 * delivery order. Every page, script and API call of it goes through the proxy, so both processes serve it. Needs
 * the built web app (`npm run build`) and Chromium.
 */
import { chromium } from 'playwright-core';
import { sleep } from './test-servers.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The newest 6-digit code mailed to an address, from the dev mailbox behind `origin`. */
async function codeFor(origin: string, email: string) {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${origin}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    const body = (await res.json()) as { data?: { text: string }[] };
    const [newest] = body.data ?? [];
    const code = newest ? /\b(\d{6})\b/.exec(newest.text)?.[1] : undefined;
    if (code) return code;
    await sleep(200);
  }
  throw new Error(`no code mailed to ${email}`);
}

/** Runs the journey on `http://<slug>.localhost:<port>`; answers the order number shown on the success page. */
export async function browserCheckout(port: number, slug: string, product: { id: string; name: string }) {
  const shopUrl = (path: string) => `http://${slug}.localhost:${port}${path}`;
  const email = `proxy.journey.${Date.now().toString(36)}@example.in`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(15_000);
    await page.goto(shopUrl('/login?userType=customer'));
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('First name').fill('Proxy');
    await page.getByLabel('Last name').fill('Shopper');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('9876543210');
    await page.getByLabel('Password', { exact: true }).fill('proxy-shopper-1');
    await page.getByLabel('Confirm password', { exact: true }).fill('proxy-shopper-1');
    await page.getByLabel('I agree to the Terms and Privacy Policy').check();
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/verification');
    await page.getByLabel('Digit 1').click();
    await page.keyboard.type(await codeFor(`http://localhost:${port}`, email));
    await page.getByRole('button', { name: 'Verify & Continue' }).click();
    await page.waitForURL((u) => u.pathname === '/');

    await page.goto(shopUrl(`/product/${product.id}`));
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Added to cart').waitFor();

    await page.goto(shopUrl('/checkout'));
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    const form = page.getByRole('form', { name: 'New address' });
    await form.getByLabel('Full name').fill('Proxy Shopper');
    await form.getByLabel('Street address').fill('2 Proxy Road');
    await form.getByLabel('City').fill('Pune');
    await form.getByLabel('State').selectOption('Maharashtra');
    await form.getByLabel('PIN code').fill('411001');
    await form.getByRole('button', { name: 'Save Address' }).click();
    await page.getByRole('radio', { name: /2 Proxy Road/ }).waitFor();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL((u) => u.pathname === '/order/success');
    await page.getByText('Order placed successfully!').waitFor();
    return (
      (
        await page
          .getByText(/ORD-\d+/)
          .first()
          .textContent()
      )?.match(/ORD-\d+/)?.[0] ?? null
    );
  } finally {
    await browser.close();
  }
}
