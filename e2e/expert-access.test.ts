import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, overflowsSideways, PHONE, waitForApp, watchErrors, widthShot as shot } from './support/browser.ts';
import { OPS, operatorPasswordStep } from './support/operators.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';
import { totp } from './support/totp.ts';

/**
 * Decision 235 in the browser, at phone and desktop width: someone applies to join the expert
 * network from the RTTP page's "Join as Expert", the operator invites them from the application
 * (the invitation form filled from it), the expert takes up the mailed invitation, turns on
 * two-factor sign-in, and signs in again with a code from the app. The declined applicant's mail
 * and the expert's security notice are read from the dev mailbox.
 */
const e2e = serverAndBrowser({ ADMIN_USERNAME: OPS.username, ADMIN_PASSWORD: OPS.password, CONTACT_RATE_LIMIT: '50' });
const PASSWORD = 'Curie1903prize';
/** The mail's text, quoted-printable soft breaks joined and '=3D' read as '='. */
const plain = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('Join as Expert → invited from the application → signs in with two-factor', () => {
  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`${width}`, async () => {
      const name = `Marie Skłodowska ${width}`;
      const email = `marie.${width}.${Date.now()}@example.com`;

      // 1. The applicant: the RTTP page's Join as Expert opens the product's own form.
      const visitor = await e2e.browser.newPage({ viewport, bypassCSP: true });
      const visitorErrors = watchErrors(visitor);
      await visitor.goto(`${e2e.server.url}/rttp`);
      await waitForApp(visitor);
      await visitor.getByRole('link', { name: 'Join as Expert' }).first().click();
      await visitor.getByRole('heading', { level: 1, name: 'Join as Expert' }).waitFor();
      expect(new URL(visitor.url()).pathname).toBe('/experts/apply');
      expect(await visitor.title()).toMatch(/^Join as Expert · /);
      expect(await axeViolations(visitor)).toEqual([]);
      expect(await overflowsSideways(visitor)).toBe(false);
      await shot(visitor, 'expert-apply');

      // Nothing filled in: every problem beside its field, the first focused.
      await visitor.getByRole('button', { name: 'Send application' }).click();
      await visitor.getByText('Choose at least one field of expertise').waitFor();
      expect(await visitor.evaluate('document.activeElement?.getAttribute("autocomplete")')).toBe('name');
      expect(await axeViolations(visitor)).toEqual([]);
      await shot(visitor, 'expert-apply-errors');

      await visitor.getByLabel('Name').fill(name);
      await visitor.getByLabel('E-mail').fill(email);
      await visitor.getByLabel('Country').selectOption('FR');
      await visitor.getByLabel('RTTP number').fill('RTTP-1911');
      await visitor.getByLabel('Materials and coatings').check();
      await visitor.getByLabel('Test and measurement').check();
      await visitor.getByLabel('Languages you review in').fill('English, French, Polish');
      await visitor
        .getByLabel('Your experience')
        .fill('Thirty years assessing radiochemistry inventions for licensing to instrument makers.');
      await visitor.getByRole('button', { name: 'Send application' }).click();
      await visitor.getByRole('heading', { name: 'Application sent' }).waitFor();
      expect(await axeViolations(visitor)).toEqual([]);
      await shot(visitor, 'expert-apply-sent');

      // 2. The operator: the application in the experts view; Invite fills the invitation form.
      const admin = await e2e.browser.newPage({ viewport, bypassCSP: true });
      const adminErrors = watchErrors(admin);
      await operatorPasswordStep(admin, e2e.server.url);
      await admin.getByText('Admin login successful').waitFor();
      await admin.goto(`${e2e.server.url}/admin?tab=reviews`);
      const row = admin.getByTestId('application-row').filter({ hasText: email });
      await row.getByText('Materials and coatings, Test and measurement').waitFor();
      if (width === 'desktop') {
        // Another applicant, declined: asked once more, then mailed.
        const other = `declined.${Date.now()}@example.com`;
        const sent = await fetch(`${e2e.server.url}/api/expert-applications`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Nikola Tesla',
            email: other,
            fields: ['energy_generation'],
            languages: ['English'],
            country: 'US',
            rttp_number: 'RTTP-1856',
            statement: 'Alternating current systems, from the patents to the licensing deals.',
          }),
        });
        expect(sent.status).toBe(201);
        await admin.reload();
        const declined = admin.getByTestId('application-row').filter({ hasText: other });
        await declined.getByRole('button', { name: 'Decline Nikola Tesla' }).click();
        await declined.getByRole('button', { name: 'Decline and e-mail' }).click();
        await declined.waitFor({ state: 'detached' });
        const mail = await e2e.server.readMail(other, 20_000, /Your application to the expert network/);
        expect(plain(mail.raw)).toMatch(/not able to invite you/);
      }
      await row.getByRole('button', { name: `Invite ${name}` }).click();
      const form = admin.getByRole('form', { name: 'Invite an expert' });
      await form.getByTestId('invite-from-application').waitFor();
      expect(await form.getByLabel('E-mail').inputValue()).toBe(email);
      expect(await form.getByLabel('Fields (comma-separated)').inputValue()).toBe('Materials and coatings, Test and measurement');
      expect(await axeViolations(admin)).toEqual([]);
      expect(await overflowsSideways(admin)).toBe(false);
      await shot(admin, 'expert-application-invite');
      await form.getByRole('button', { name: 'Invite the expert' }).click();
      await form.getByText(`Invitation sent to ${email}.`).waitFor();
      await admin.getByRole('list', { name: 'Experts' }).getByText(name).waitFor();

      // 3. The expert: the mailed invitation, a password, the undertaking, then two-factor on.
      const invitation = plain((await e2e.server.readMail(email, 20_000, /invited/)).raw);
      const token = /token=([A-Za-z0-9_-]{43})/.exec(invitation)![1]!;
      const ex = await e2e.browser.newPage({ viewport, bypassCSP: true });
      const exErrors = watchErrors(ex);
      await ex.goto(`${e2e.server.url}/expert/invitation?token=${token}`);
      await ex.getByLabel('New password').fill(PASSWORD);
      await ex.getByRole('button', { name: 'Set password and sign in' }).click();
      await ex.getByRole('button', { name: 'I accept the undertaking' }).click();
      const security = ex.getByRole('region', { name: 'Two-factor sign-in' });
      await security.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
      await security.getByLabel('Confirm your password').fill(PASSWORD);
      await security.getByRole('button', { name: 'Continue' }).click();
      await security.getByRole('img', { name: /QR code/ }).waitFor();
      const secret = (await security.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
      expect(await axeViolations(ex)).toEqual([]);
      expect(await overflowsSideways(ex)).toBe(false);
      await shot(ex, 'expert-2fa-scan');
      await security.getByLabel('Code from the app').fill(totp(secret, -1));
      await security.getByRole('button', { name: 'Turn on' }).click();
      await security.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
      expect(await security.getByTestId('recovery-codes').locator('li').count()).toBe(10);
      expect(await axeViolations(ex)).toEqual([]);
      await shot(ex, 'expert-2fa-recovery');
      await security.getByRole('button', { name: 'I have saved them' }).click();
      await security.getByText('10 of 10 recovery codes left.').waitFor();
      await shot(ex, 'expert-2fa-on');
      expect(plain((await e2e.server.readMail(email, 20_000, /Two-factor sign-in was turned on/)).raw)).toMatch(
        /authenticator app was added/,
      );

      // 4. Signing in again (a new browser): the password, then the code from the app.
      const again = await e2e.browser.newPage({ viewport, bypassCSP: true });
      const againErrors = watchErrors(again);
      await again.goto(`${e2e.server.url}/expert`);
      await again.getByLabel('E-mail').fill(email);
      await again.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await again.getByRole('button', { name: 'Sign in' }).click();
      const code = again.getByLabel('Authentication code');
      await again.getByRole('heading', { level: 1, name: 'Two-factor sign-in' }).waitFor();
      expect(await axeViolations(again)).toEqual([]);
      expect(await overflowsSideways(again)).toBe(false);
      await shot(again, 'expert-2fa-code');
      await code.fill('000000');
      await again.getByRole('button', { name: 'Verify and sign in' }).click();
      await again.getByText(/That code did not work/).waitFor();
      await code.fill(totp(secret, 1));
      await again.getByRole('button', { name: 'Verify and sign in' }).click();
      await again.getByRole('heading', { name: 'Your reviews' }).waitFor();

      expect(visitorErrors).toEqual([]);
      expect(adminErrors).toEqual([]);
      expect(exErrors).toEqual([]);
      expect(againErrors).toEqual([]);
      await Promise.all([visitor.close(), admin.close(), ex.close(), again.close()]);
    }, 300_000);
  }
});
