import { describe, expect, it } from 'vitest';
import { appForFile } from './journeys.ts';

const app = await appForFile();

describe('admin host', () => {
  it('shows the Admin Panel sign-in screen', async () => {
    const page = await app.newPage();
    await page.goto(app.url('/', 'admin'));
    await page.getByRole('heading', { level: 1, name: 'Admin Panel' }).waitFor();
    expect(await page.title()).toBe('Admin Panel');
    await page.getByLabel('Email').waitFor();
    await page.getByLabel('Password', { exact: true }).waitFor();
    await page.getByRole('checkbox', { name: 'Remember me' }).waitFor();
    await page.getByRole('link', { name: /Forgot password/ }).waitFor();
    await page.context().close();
  });

  it('validates the sign-in fields and toggles the password visibility', async () => {
    const page = await app.newPage({ width: 360 });
    await page.goto(app.url('/', 'admin'));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();

    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-pass');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).waitFor();
    await page.context().close();
  });

  it('sends the sign-in to the admin login endpoint', async () => {
    const page = await app.newPage();
    await page.goto(app.url('/', 'admin'));
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret-pass');
    const request = page.waitForRequest((r) => r.url().includes('/api/admin/admin-login/'));
    await page.getByRole('button', { name: 'Sign In' }).click();
    expect((await request).postDataJSON()).toEqual({
      email: 'owner@example.com',
      password: 'secret-pass',
      role_name: 'VENDOR',
      remember: false,
    });
    await page.context().close();
  });

  it('shows the 403 page at /unauthorized', async () => {
    const page = await app.newPage();
    await page.goto(app.url('/unauthorized', 'admin'));
    await page.getByRole('heading', { name: '403 - Unauthorized' }).waitFor();
    await page.getByText('You do not have permission to access this page.').waitFor();
    expect(await page.title()).toBe('Admin Panel');
    await page.context().close();
  });
});
