import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, PHONE, watchErrors } from './support/browser.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';

/** Named operators (decision 190): created from the panel, each signing in with its own password, named in the activity. */
const OPS = { username: 'ops', password: 'ops-password-123' };
const e2e = serverAndBrowser({ ADMIN_USERNAME: OPS.username, ADMIN_PASSWORD: OPS.password });

async function signIn(page: Page, username: string, password: string) {
  await page.goto(`${e2e.server.url}/admin?tab=activity`);
  await page.getByRole('heading', { name: 'Operator panel' }).waitFor();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText('Admin login successful').waitFor();
}

async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

describe('named operators in the panel', () => {
  it('the bootstrap operator adds one; she signs in with her own password and the activity names her', async () => {
    const page = await e2e.browser.newPage({ viewport: DESKTOP, bypassCSP: true });
    const errors = watchErrors(page);
    await signIn(page, OPS.username, OPS.password);
    await page.getByRole('tab', { name: 'Activity' }).click();
    const section = page.getByRole('region', { name: 'Operators' });
    await section.getByRole('button', { name: 'Add operator' }).click();
    await section.getByLabel('Username').fill('grace');
    await section.getByLabel('Their password').fill('short');
    await section.getByRole('button', { name: 'Create' }).click();
    await section.getByText(/at least 12 characters/).waitFor();
    await section.getByLabel('Their password').fill('grace-password-123');
    await section.getByRole('button', { name: 'Create' }).click();
    await page.getByText(/Operator grace created/).waitFor();
    await section.getByRole('list', { name: 'Operator accounts' }).getByRole('button', { name: 'Manage grace' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'operators');

    const grace = await e2e.browser.newPage({ viewport: PHONE, bypassCSP: true });
    const graceErrors = watchErrors(grace);
    await signIn(grace, 'grace', 'grace-password-123');
    await grace.getByRole('tab', { name: 'Activity' }).click();
    await grace.getByLabel('Operator', { exact: true }).fill('grace');
    const entry = grace.getByTestId('activity-entry').filter({ hasText: 'Operator signed in' }).first();
    await entry.waitFor();
    expect(await entry.textContent()).toContain('by grace');
    await grace.getByLabel('Operator', { exact: true }).fill('ops');
    await grace.getByTestId('activity-entry').filter({ hasText: 'Operator created' }).filter({ hasText: 'by ops' }).first().waitFor();
    expect(await axeViolations(grace)).toEqual([]);
    await shot(grace, 'operators-activity');
    expect(errors).toEqual([]);
    expect(graceErrors).toEqual([]);
    await Promise.all([page.close(), grace.close()]);
  }, 120_000);
});
