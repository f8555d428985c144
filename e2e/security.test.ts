import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, PHONE, signInMember, watchErrors } from './support/browser.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';
import { totp } from './support/totp.ts';

/** Profile → Security in the browser (decision 190): two-factor sign-in and the session list. */
const PASSWORD = 'Orbit1962ok';
const e2e = serverAndBrowser();

const api = (p: string, init: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) =>
  fetch(`${e2e.server.url}/api${p}`, {
    method: init.body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...init.headers },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });

async function signUp(email: string) {
  expect(
    (await api('/auth/signup', { body: { name: 'Katherine Johnson', email, password: PASSWORD, phone: '+1 757 555 0101' } })).status,
  ).toBe(201);
  const { code } = await e2e.server.readMail(email);
  expect((await api('/auth/verify-email-otp', { body: { email, otp: code } })).status).toBe(200);
}

/** The dev mailbox's message to `to` with this subject (DATA_DIR/mail/*.eml), quoted-printable undone. */
async function mailFile(to: string, subject: string, timeoutMs = 30_000) {
  const dir = path.join(e2e.server.dataDir, 'mail');
  for (const end = Date.now() + timeoutMs; ; await new Promise((r) => setTimeout(r, 250))) {
    const found = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readFileSync(path.join(dir, f), 'utf8'))
      .find((raw) => raw.includes(`To: ${to}`) && raw.includes(`Subject: ${subject}`));
    if (found) return found.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
    if (Date.now() > end) throw new Error(`no "${subject}" mail to ${to}`);
  }
}

async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

async function expectAxeClean(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

describe('Profile → Security', () => {
  it('turns two-factor on with the QR code and recovery codes, then asks for a code at sign-in', async () => {
    const email = `totp.${Date.now()}@example.com`;
    await signUp(email);
    const page = await e2e.browser.newPage({ viewport: DESKTOP, bypassCSP: true });
    const errors = watchErrors(page);
    await signInMember(page, e2e.server.url, email, PASSWORD);
    await page.goto(`${e2e.server.url}/profile#security`);
    const security = page.locator('#security');
    await security.getByRole('button', { name: 'Turn on two-factor sign-in' }).waitFor();
    await security.getByTestId('session-list').getByText('This device').waitFor();
    await expectAxeClean(page);
    await shot(page, 'security-off');

    await security.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await security.getByLabel('Confirm your password').fill('Wrong1962ok');
    await security.getByRole('button', { name: 'Continue' }).click();
    await security.getByText('Current password is incorrect').waitFor();
    await security.getByLabel('Confirm your password').fill(PASSWORD);
    await security.getByRole('button', { name: 'Continue' }).click();
    await security.getByRole('img', { name: 'QR code to add Assay to your authenticator app' }).waitFor();
    const secret = (await security.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    await expectAxeClean(page);
    await shot(page, 'security-scan');

    await security.getByLabel('Code from the app').fill(totp(secret, 3));
    await security.getByRole('button', { name: 'Turn on', exact: true }).click();
    await security.getByText(/That code did not work/).waitFor();
    await security.getByLabel('Code from the app').fill(totp(secret, -1));
    await security.getByRole('button', { name: 'Turn on', exact: true }).click();
    const codes = security.getByTestId('recovery-codes').getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    const recovery = (await codes.allTextContents()).map((c) => c.trim());
    await expectAxeClean(page);
    await shot(page, 'security-recovery-codes');
    await security.getByRole('button', { name: 'I have saved them' }).click();
    await security.getByText('10 of 10 recovery codes left.').waitFor();
    await shot(page, 'security-on');
    expect(await mailFile(email, 'Assay: Two-factor sign-in was turned on')).toContain('/profile#security');

    // In another browser, the password alone leads to the code step; the app's code signs in.
    const fresh = await e2e.browser.newPage({ viewport: PHONE, bypassCSP: true });
    const freshErrors = watchErrors(fresh);
    await fresh.goto(`${e2e.server.url}/login`);
    await fresh.getByLabel('Email').fill(email);
    await fresh.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await fresh.getByRole('button', { name: 'Sign in', exact: true }).click();
    const code = fresh.getByLabel('Authentication code');
    await code.waitFor();
    await expect.poll(() => fresh.evaluate('document.activeElement?.getAttribute("autocomplete")')).toBe('one-time-code');
    await expectAxeClean(fresh);
    await shot(fresh, 'sign-in-code-step');
    await code.fill('123456');
    await fresh.getByRole('button', { name: 'Verify and sign in' }).click();
    await fresh.getByText(/That code did not work/).waitFor();
    await shot(fresh, 'sign-in-code-wrong');
    await code.fill(totp(secret));
    await fresh.getByRole('button', { name: 'Verify and sign in' }).click();
    await fresh.getByText('Welcome back!').waitFor();
    // That browser had never signed in to the account: the owner hears of it.
    expect(await mailFile(email, 'Assay: New sign-in to your account')).toMatch(/Chrome \d+ on Linux/);

    // A recovery code works once, in a third browser.
    const third = await e2e.browser.newPage({ viewport: DESKTOP });
    await third.goto(`${e2e.server.url}/login`);
    await third.getByLabel('Email').fill(email);
    await third.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await third.getByRole('button', { name: 'Sign in', exact: true }).click();
    await third.getByLabel('Authentication code').fill(recovery[0]!);
    await third.getByRole('button', { name: 'Verify and sign in' }).click();
    await third.getByText('Welcome back!').waitFor();

    expect(errors).toEqual([]);
    expect(freshErrors).toEqual([]);
    await Promise.all([page.close(), fresh.close(), third.close()]);
  }, 180_000);

  it('lists the sessions at phone width, this device marked, and signs another one out at once', async () => {
    const email = `sessions.${Date.now()}@example.com`;
    await signUp(email);
    // Another device: an API client that says it is Firefox on Windows.
    const other = await fetch(`${e2e.server.url}/api/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
      },
      body: new URLSearchParams({ username: email, password: PASSWORD }),
    });
    const otherToken = ((await other.json()) as { access_token: string }).access_token;
    expect((await api('/users/me', { token: otherToken })).status).toBe(200);

    const page = await e2e.browser.newPage({ viewport: PHONE, bypassCSP: true });
    const errors = watchErrors(page);
    await signInMember(page, e2e.server.url, email, PASSWORD);
    await page.goto(`${e2e.server.url}/profile#security`);
    const list = page.getByTestId('session-list');
    await list.getByText('Firefox 128 on Windows 10').waitFor();
    await list.getByText('This device').waitFor();
    await expectAxeClean(page);
    await shot(page, 'security-sessions');
    if (process.env.SHOTS_DIR) await page.locator('#security').screenshot({ path: `${process.env.SHOTS_DIR}/security-card-390.png` });

    await list.getByRole('button', { name: /^Sign out Firefox 128 on Windows 10/ }).click();
    await page.getByText('That session has been signed out.').waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    expect((await api('/users/me', { token: otherToken })).status).toBe(401);
    await page.setViewportSize(DESKTOP);
    await shot(page, 'security-sessions-after');
    // A password change is a security notice too, in the dev mailbox.
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('Orbit1969ok');
    await page.getByLabel('Confirm new password').fill('Orbit1969ok');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText('Password changed successfully!').waitFor();
    expect(await mailFile(email, 'Your Assay password was changed')).toContain('/forgot-password');
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('changes the email with a code to the new address; the old address undoes it and locks the account', async () => {
    const email = `before.${Date.now()}@example.com`;
    const next = `after.${Date.now()}@example.com`;
    await signUp(email);
    const page = await e2e.browser.newPage({ viewport: DESKTOP, bypassCSP: true });
    const errors = watchErrors(page);
    await signInMember(page, e2e.server.url, email, PASSWORD);
    await page.goto(`${e2e.server.url}/profile`);
    await page.getByRole('button', { name: 'Change email' }).click();
    await page.getByLabel('New email').fill(next);
    await page.getByLabel('Your password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Send a code to the new address' }).click();
    const code = (await e2e.server.readMail(next, 10_000, /email change code/)).code!;
    await page.getByLabel('Code', { exact: true }).fill(code);
    await expectAxeClean(page);
    await shot(page, 'change-email-code');
    await page.getByRole('button', { name: 'Change email', exact: true }).last().click();
    await page.getByText('Your email address has been changed.').waitFor();
    await page.getByText(next).first().waitFor();

    const notice = await mailFile(email, 'Assay: Your email address was changed');
    const link = /(http:\/\/127\.0\.0\.1:\d+\/email-change-revert#key=[A-Za-z0-9_-]+)/.exec(notice)?.[1];
    expect(link).toBeTruthy();
    const phone = await e2e.browser.newPage({ viewport: PHONE, bypassCSP: true });
    const phoneErrors = watchErrors(phone);
    await phone.goto(link!);
    const undo = phone.getByRole('button', { name: /This wasn’t me/ });
    await undo.waitFor();
    await expectAxeClean(phone);
    await shot(phone, 'email-change-revert');
    await undo.click();
    await phone.getByText(/changed back and your account is locked/).waitFor();
    await shot(phone, 'email-change-reverted');
    // Every session ended: the profile tab is sent to sign in on its next call.
    await page.reload();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    expect(errors).toEqual([]);
    expect(phoneErrors).toEqual([]);
    await Promise.all([page.close(), phone.close()]);
  }, 120_000);
});
