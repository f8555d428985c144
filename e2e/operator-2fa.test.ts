import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, PHONE, watchErrors, widthShot as shot } from './support/browser.ts';
import { OPS, operatorPasswordStep } from './support/operators.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';
import { totp } from './support/totp.ts';

/** ADMIN_REQUIRE_2FA=true in the browser (decision 191): the operator adds an app, then every new browser asks for its code. */
const e2e = serverAndBrowser({ ADMIN_USERNAME: OPS.username, ADMIN_PASSWORD: OPS.password, ADMIN_REQUIRE_2FA: 'true' });

describe('operators with ADMIN_REQUIRE_2FA', () => {
  it('adds the app at first sign-in, and a new browser asks for its code', async () => {
    const page = await e2e.browser.newPage({ viewport: DESKTOP, bypassCSP: true });
    const errors = watchErrors(page);
    await operatorPasswordStep(page, e2e.server.url);
    await page.getByRole('img', { name: /QR code to add the operator account/ }).waitFor();
    const secret = (await page.getByTestId('operator-totp-secret').textContent())!.replace(/\s/g, '');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'operator-2fa-enrol');
    await page.getByLabel('Authentication code').fill(totp(secret, -1));
    await page.getByRole('button', { name: 'Add the app and sign in' }).click();
    await page.getByText('Admin login successful').waitFor();
    await page.getByRole('tab', { name: 'Activity' }).click();
    await page.getByTestId('activity-entry').filter({ hasText: 'Operator added an authenticator app' }).first().waitFor();

    const phone = await e2e.browser.newPage({ viewport: PHONE, bypassCSP: true });
    const phoneErrors = watchErrors(phone);
    await operatorPasswordStep(phone, e2e.server.url);
    const code = phone.getByLabel('Authentication code');
    await code.waitFor();
    expect(await axeViolations(phone)).toEqual([]);
    await shot(phone, 'operator-2fa-code');
    await code.fill('000000');
    await phone.getByRole('button', { name: 'Verify and sign in' }).click();
    await phone.getByText(/That code did not work/).waitFor();
    await code.fill(totp(secret));
    await phone.getByRole('button', { name: 'Verify and sign in' }).click();
    await phone.getByText('Admin login successful').waitFor();
    await phone.getByRole('tab', { name: 'Dashboard' }).waitFor();
    expect(errors).toEqual([]);
    expect(phoneErrors).toEqual([]);
    await Promise.all([page.close(), phone.close()]);
  }, 120_000);
});
