import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { PHONE, signInMember, watchErrors, widthShot as shot } from './support/browser.ts';
import { virtualAuthenticator } from './support/webauthn.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';
import { totp } from './support/totp.ts';

/**
 * Passkeys in the browser (decision 193), against Chromium's virtual authenticator (the WebAuthn
 * devtools domain): added from Profile → Security, then used instead of the password and at the
 * code step. WebAuthn needs a host name, so this server is reached as localhost.
 */
const PASSWORD = 'Orbit1962ok';
const WIDE = { width: 1280, height: 900 };
const e2e = serverAndBrowser(undefined, { hostname: 'localhost' });

const api = (p: string, init: { body?: unknown; token?: string } = {}) =>
  fetch(`${e2e.server.url}/api${p}`, {
    method: init.body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });

async function signUp(email: string) {
  expect((await api('/auth/signup', { body: { name: 'Grace Hopper', email, password: PASSWORD, phone: '+1 757 555 0101' } })).status).toBe(
    201,
  );
  const { code } = await e2e.server.readMail(email);
  expect((await api('/auth/verify-email-otp', { body: { email, otp: code } })).status).toBe(200);
}

describe.each([
  ['phone', PHONE],
  ['desktop', WIDE],
] as const)('passkeys at %s width', (label, viewport) => {
  it('adds a passkey, signs in with it instead of the password, uses it at the code step, renames and removes it', async () => {
    const email = `passkey.${label}.${Date.now()}@example.com`;
    await signUp(email);
    const page = await e2e.browser.newPage({ viewport, bypassCSP: true });
    const errors = watchErrors(page);
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    await signInMember(page, e2e.server.url, email, PASSWORD);
    await page.goto(`${e2e.server.url}/profile#security`);
    const section = page.getByRole('region', { name: 'Passkeys' }).or(page.locator('section[aria-labelledby="passkeys-title"]'));
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByLabel('Confirm your password').fill(PASSWORD);
    await section.getByLabel('Name').fill(`Grace's ${label}`);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'passkey-add');
    await section.getByRole('button', { name: 'Create passkey' }).click();
    await section.getByTestId('passkey-list').getByText(`Grace's ${label}`).waitFor();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'passkey-list');

    // Sign out; "Sign in with a passkey" opens the account with no e-mail or password typed.
    await page.context().clearCookies();
    await page.goto(`${e2e.server.url}/login`);
    await page.evaluate('localStorage.clear()');
    await page.reload();
    await shot(page, 'passkey-login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]!.signCount).toBeGreaterThan(0);

    // With two-factor on, the code step offers the passkey instead of a code.
    const session = (await (
      await fetch(`${e2e.server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: email, password: PASSWORD }),
      })
    ).json()) as { access_token: string };
    const setup = (await (await api('/auth/totp/setup', { body: { password: PASSWORD }, token: session.access_token })).json()) as {
      secret: string;
    };
    expect((await api('/auth/totp/enable', { body: { code: totp(setup.secret, -1) }, token: session.access_token })).status).toBe(200);
    await page.context().clearCookies();
    await page.goto(`${e2e.server.url}/login`);
    await page.evaluate('localStorage.clear()');
    await page.reload();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const usePasskey = page.getByRole('button', { name: 'Use a passkey instead' });
    await usePasskey.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'passkey-code-step');
    await usePasskey.click();
    await page.getByText('Welcome back!').waitFor();

    // Change the e-mail address, confirmed with the passkey instead of the password (decision 228).
    await page.goto(`${e2e.server.url}/profile#security`);
    await page.getByRole('button', { name: 'Change email', expanded: false }).click();
    const moved = `moved.${email}`;
    const changeForm = page.locator('#change-email');
    await changeForm.getByLabel('New email').fill(moved);
    const withPasskey = changeForm.getByRole('button', { name: 'Confirm with a passkey instead' });
    await withPasskey.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'passkey-change-email');
    await withPasskey.click();
    const { code: changeCode } = await e2e.server.readMail(moved, 30_000);
    await changeForm.getByLabel('Code', { exact: true }).fill(changeCode!);
    await changeForm.getByRole('button', { name: 'Change email' }).click();
    await changeForm.waitFor({ state: 'detached' });
    await page.getByText('Your email address has been changed.').waitFor();

    // Rename, then remove: the owner is mailed, and the passkey no longer signs in.
    await page.goto(`${e2e.server.url}/profile#security`);
    const list = page.getByTestId('passkey-list');
    await list.getByRole('button', { name: `Rename Grace's ${label}` }).click();
    await list.getByLabel('Passkey name').fill('Work phone');
    await list.getByRole('button', { name: 'Save' }).click();
    await list.getByText('Work phone').waitFor();
    await list.getByRole('button', { name: 'Remove Work phone' }).click();
    await shot(page, 'passkey-remove-confirm');
    await list.getByRole('button', { name: 'Remove', exact: true }).click();
    await list.waitFor({ state: 'detached' });
    await e2e.server.readMail(moved, 30_000, /A passkey was removed/);

    await page.context().clearCookies();
    await page.goto(`${e2e.server.url}/login`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page
      .getByText(/not registered|did not work/)
      .first()
      .waitFor();
    expect(page.url()).toContain('/login');
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);
});
