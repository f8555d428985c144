import { basicAuthorization } from '@assay/shared';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, PHONE, watchErrors, widthShot as shot } from './support/browser.ts';
import { OPS } from './support/operators.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';
import { totp } from './support/totp.ts';

/**
 * EXPERT_REQUIRE_2FA=true in the browser (decision 235, as ADMIN_REQUIRE_2FA for operators): an
 * expert taking up the invitation is shown adding an authenticator app before anything else,
 * then the undertaking; the portal cannot turn it off.
 */
const e2e = serverAndBrowser({ ADMIN_USERNAME: OPS.username, ADMIN_PASSWORD: OPS.password, EXPERT_REQUIRE_2FA: 'true' });
const PASSWORD = 'Meitner1938fission';

describe('experts with EXPERT_REQUIRE_2FA', () => {
  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`${width}: the app first, then the undertaking and the portal`, async () => {
      const email = `lise.${width}.${Date.now()}@example.com`;
      const invited = await fetch(`${e2e.server.url}/api/admin/experts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: basicAuthorization(OPS.username, OPS.password) },
        body: JSON.stringify({
          email,
          name: `Lise Meitner ${width}`,
          fields: ['Energy generation'],
          languages: ['en'],
          country: 'AT',
          rttp_number: 'RTTP-1878',
          rates: { basic: 3000, advanced: 4500, comprehensive: 6000 },
          capacity: 2,
        }),
      });
      expect(invited.status).toBe(201);
      const { invitation_url } = (await invited.json()) as { invitation_url: string };

      const page = await e2e.browser.newPage({ viewport, bypassCSP: true });
      const errors = watchErrors(page);
      await page.goto(invitation_url);
      await page.getByLabel('New password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Set password and sign in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Turn on two-factor sign-in' }).waitFor();
      // Nothing else is offered until the app is on: no undertaking, no reviews.
      expect(await page.getByRole('button', { name: 'I accept the undertaking' }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, 'expert-2fa-required');
      await page.getByLabel('Confirm your password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Continue' }).click();
      const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
      await page.getByLabel('Code from the app').fill(totp(secret));
      await page.getByRole('button', { name: 'Turn on' }).click();
      await page.getByRole('button', { name: 'I have saved them' }).click();
      await page.getByRole('button', { name: 'I accept the undertaking' }).click();
      await page.getByRole('heading', { name: 'Your reviews' }).waitFor();
      await page.getByText('The operators require two-factor sign-in for experts, so it stays on.').waitFor();
      expect(await page.getByRole('button', { name: 'Turn off' }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, 'expert-2fa-required-home');
      expect(errors).toEqual([]);
      await page.close();
    }, 180_000);
  }
});
