import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@assay/shared';
import { DESKTOP, PHONE, signInMember, watchErrors } from './support/browser.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';

const PASSWORD = 'Orbit1962ok';
const IDEA =
  'A biodegradable hydrogel wound dressing that releases silver ions on demand when a wound becomes infected, tested in a lab prototype.';

const e2e = serverAndBrowser();

const api = (p: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
  fetch(`${e2e.server.url}/api${p}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });

async function signUp(email: string) {
  const res = await api('/auth/signup', { body: { name: 'Mary Jackson', email, password: PASSWORD, phone: '+1 757 555 0100' } });
  expect(res.status).toBe(201);
  const { code } = await e2e.server.readMail(email);
  expect((await api('/auth/verify-email-otp', { body: { email, otp: code } })).status).toBe(200);
}

const signIn = (page: Page, email: string) => signInMember(page, e2e.server.url, email, PASSWORD);

async function accessToken(email: string) {
  const res = await fetch(`${e2e.server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password: PASSWORD }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The dev mailbox's message to `to` whose subject starts with `subject` (DATA_DIR/mail/*.eml). */
async function mailFile(to: string, subject: string, timeoutMs = 30_000) {
  const dir = path.join(e2e.server.dataDir, 'mail');
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readFileSync(path.join(dir, f), 'utf8'))
      .find((raw) => raw.includes(`To: ${to}`) && new RegExp(`^Subject: ${subject}`, 'm').test(raw));
    if (found) return found.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
    if (Date.now() > end) throw new Error(`no "${subject}" mail to ${to}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('notifications and the member’s own data, in the browser', () => {
  it('mails “report ready” to the dev mailbox when a report completes, and its link opens the report', async () => {
    const email = `ready.${Date.now()}@example.com`;
    await signUp(email);
    const token = await accessToken(email);
    const started = await api('/reports/generate', { body: { idea: IDEA, complexity: 'basic' }, token });
    expect(started.status).toBe(201);
    const { id } = (await started.json()) as { id: string };
    await expect
      .poll(async () => ((await (await api(`/reports/${id}`, { token })).json()) as { status: string }).status, {
        timeout: 120_000,
        interval: 500,
      })
      .toBe('completed');

    const raw = await mailFile(email, 'Your report is ready');
    const link = /(http:\/\/127\.0\.0\.1:\d+\/reports\?report=[0-9a-f-]{36})/.exec(raw)?.[1];
    expect(link).toBe(`${e2e.server.url}/reports?report=${id}`);

    const page = await e2e.browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    await signIn(page, email);
    await page.goto(link!);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect
      .poll(() =>
        dialog
          .getByRole('button', { name: /download/i })
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);

  it('turns a notification off in Profile, downloads the data, and deletes the account: signed out, and the email can sign up again', async () => {
    const email = `leaver.${Date.now()}@example.com`;
    await signUp(email);
    const page = await e2e.browser.newPage({ viewport: PHONE, acceptDownloads: true });
    const errors = watchErrors(page);
    await signIn(page, email);
    await page.goto(`${e2e.server.url}/profile`);
    await page.getByRole('heading', { name: 'Email notifications' }).waitFor();

    // Preferences save as they are switched, and stay saved.
    const ready = page.getByRole('checkbox', { name: /A report is ready/ });
    await expect.poll(() => ready.isChecked()).toBe(true);
    await ready.uncheck();
    await page.getByText('Notification preferences saved').waitFor();
    await page.reload();
    await expect.poll(() => page.getByRole('checkbox', { name: /A report is ready/ }).isChecked()).toBe(false);

    // The data export is prepared in the background and linked by email (the server tests follow the link).
    await page.getByRole('button', { name: 'Email me my data' }).click();
    await page.getByRole('status').filter({ hasText: ACCOUNT_MESSAGES.exportStarted }).waitFor();

    // The danger zone's dialog states the balance to be lost before anything happens.
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account' });
    await expect.poll(() => dialog.getByTestId('forfeit-warning').textContent()).toContain('2,500 unused tokens will be forfeited');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Please enter your password to delete your account').waitFor();
    await dialog.getByLabel('Your password').fill('Wrong1962ok');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText('The password is incorrect').waitFor();
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText('Your account has been deleted.').waitFor();
    // Signed out, as a logout leaves: on the sign-in page, and a member page asks to sign in.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await page.goto(`${e2e.server.url}/profile`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    // The old password no longer works.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Incorrect email or password').waitFor();

    // The address signs up again, from scratch.
    await page.goto(`${e2e.server.url}/signup`);
    await page.getByLabel('Full name').fill('Mary Jackson');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('+1 757 555 0100');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
});
