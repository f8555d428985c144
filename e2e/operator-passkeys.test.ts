import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, PHONE, watchErrors } from './support/browser.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';

/**
 * Operators' passkeys in the browser (decision 228), against Chromium's virtual authenticator:
 * with ADMIN_REQUIRE_2FA the operator adds a passkey instead of an app at first sign-in, sees it
 * in the panel, and the next sign-in asks for the passkey. WebAuthn needs a host name: localhost.
 */
const OPS = { username: 'ops', password: 'ops-password-123' };
const e2e = serverAndBrowser({ ADMIN_USERNAME: OPS.username, ADMIN_PASSWORD: OPS.password, ADMIN_REQUIRE_2FA: 'true' }, { hostname: 'localhost' });

async function virtualAuthenticator(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

async function passwordStep(page: Page) {
  await page.goto(`${e2e.server.url}/admin`);
  await page.getByRole('heading', { name: 'Operator panel' }).waitFor();
  await page.getByLabel('Username').fill(OPS.username);
  await page.getByLabel('Password', { exact: true }).fill(OPS.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

describe('operator passkeys with ADMIN_REQUIRE_2FA', () => {
  it('adds a passkey at first sign-in, lists it in the panel, and signs in with it next time', async () => {
    const page = await e2e.browser.newPage({ viewport: DESKTOP, bypassCSP: true });
    const errors = watchErrors(page);
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    await passwordStep(page);
    await page.getByRole('button', { name: 'Add a passkey instead' }).click();
    await page.getByText('Admin login successful').waitFor();
    expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);

    await page.getByRole('tab', { name: 'Activity' }).click();
    const section = page.locator('section[aria-labelledby="operator-passkeys-title"]');
    await section.getByTestId('operator-passkey-list').getByText('Operator passkey').waitFor();
    await page.getByTestId('activity-entry').filter({ hasText: 'Operator added a passkey' }).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'operator-passkeys');

    // A new sign-in in this browser (credentials are kept per tab): the passkey, no code field.
    await page.context().clearCookies();
    await page.evaluate('sessionStorage.clear()');
    await page.setViewportSize(PHONE);
    await passwordStep(page);
    const use = page.getByRole('button', { name: 'Use a passkey' });
    await use.waitFor();
    expect(await page.getByLabel('Authentication code').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'operator-passkey-step');
    await use.click();
    await page.getByText('Admin login successful').waitFor();
    await page.getByRole('tab', { name: 'Dashboard' }).waitFor();
    expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]!.signCount).toBeGreaterThan(1);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
