import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, PHONE, watchErrors, widthShot as shot } from './support/browser.ts';
import { OPS, operatorPasswordStep } from './support/operators.ts';
import { virtualAuthenticator } from './support/webauthn.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';

/**
 * Operators' passkeys in the browser (decision 228), against Chromium's virtual authenticator:
 * with ADMIN_REQUIRE_2FA the operator adds a passkey instead of an app at first sign-in, sees it
 * in the panel, and the next sign-in asks for the passkey. WebAuthn needs a host name: localhost.
 */
const e2e = serverAndBrowser(
  { ADMIN_USERNAME: OPS.username, ADMIN_PASSWORD: OPS.password, ADMIN_REQUIRE_2FA: 'true' },
  { hostname: 'localhost' },
);

describe('operator passkeys with ADMIN_REQUIRE_2FA', () => {
  it('adds a passkey at first sign-in, lists it in the panel, and signs in with it next time', async () => {
    const page = await e2e.browser.newPage({ viewport: DESKTOP, bypassCSP: true });
    const errors = watchErrors(page);
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    await operatorPasswordStep(page, e2e.server.url);
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
    await operatorPasswordStep(page, e2e.server.url);
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
