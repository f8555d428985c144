import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, waitForApp, watchErrors } from './support/browser.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';

const e2e = serverAndBrowser();

describe('a newcomer’s account, in the browser', () => {
  it('signs up, verifies the emailed code, signs in, edits the profile and logs out', async () => {
    const page = await e2e.browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    const email = `e2e.${Date.now()}@example.com`;

    await page.goto(`${e2e.server.url}/signup`);
    // Submitting empty shows the spec's messages under the fields.
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByText('Email is required').isVisible()).toBe(true);
    await page.getByText('You must agree to the terms and conditions').waitFor();

    await page.getByLabel('Full name').fill('Katherine Johnson');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('+1 757 555 0100');
    await page.getByLabel('Password', { exact: true }).fill('Orbit1962ok');
    await page.getByLabel('Confirm password').fill('Orbit1962no');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByText('Passwords do not match').isVisible()).toBe(true);
    await page.getByLabel('Confirm password').fill('Orbit1962ok');
    await page.getByRole('button', { name: 'Create account' }).click();

    // The code step: a new code can be asked for once the server's minute is over, and it says when.
    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
    await expect(page.getByRole('button', { name: 'Send a new code' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('resend-wait').textContent()).resolves.toMatch(/^ in (1:00|0:[0-5]\d)$/);

    // Back to the form: everything typed is still there; sending it again goes back to the code
    // (the code already mailed stays good, and the server says how long until a new one).
    await page.getByRole('button', { name: 'Back to signup' }).click();
    await expect(page.getByLabel('Full name').inputValue()).resolves.toBe('Katherine Johnson');
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(email);
    await expect(page.getByLabel('Phone').inputValue()).resolves.toBe('+1 757 555 0100');
    await expect(page.getByLabel('Password', { exact: true }).inputValue()).resolves.toBe('Orbit1962ok');
    await expect(page.getByRole('checkbox').isChecked()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
    await expect(page.getByTestId('resend-wait').textContent()).resolves.toMatch(/^ in (1:00|0:[0-5]\d)$/);

    const mail = await e2e.server.readMail(email);
    expect(mail.code).toMatch(/^\d{6}$/);
    await page.getByLabel('Verification code').fill('000000' === mail.code ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify email' }).click();
    await page
      .getByText(/Invalid OTP|Invalid|expired/i)
      .first()
      .waitFor();
    await page.getByLabel('Verification code').fill(mail.code!);
    await page.getByRole('button', { name: 'Verify email' }).click();
    await page.getByText('Email verified successfully! You can now login.').waitFor();
    await page.waitForURL(/\/login$/);

    // The sign-in form already has the email; the password is next.
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(email);
    await page.getByLabel('Password', { exact: true }).fill('Orbit1962ok');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Welcome back!').waitFor();

    // A protected page: the shell shows the member's name and initial.
    await page.goto(`${e2e.server.url}/profile`);
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    await expect(page.getByTestId('member-name').textContent()).resolves.toBe('Katherine Johnson');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Full name').fill('K');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Name must be at least 2 characters').waitFor();
    await page.getByLabel('Full name').fill('Katherine G. Johnson');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Profile updated successfully!').waitFor();
    await expect.poll(() => page.getByTestId('member-name').textContent()).toBe('Katherine G. Johnson');

    // The session survives a reload (refresh cookie → new access token).
    await page.reload();
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText('Logged out successfully').waitFor();
    await page.waitForURL(/\/login$/);
    // Signed out, a protected page sends the visitor to /login and back afterwards.
    await page.goto(`${e2e.server.url}/profile`);
    await page.waitForURL(/\/login$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Orbit1962ok');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/profile$/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('works on a phone-sized screen with the menu', async () => {
    const page = await e2e.browser.newPage({ viewport: PHONE });
    await page.goto(`${e2e.server.url}/`);
    await waitForApp(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Email is required').waitFor();
    await page.close();
  });
});
