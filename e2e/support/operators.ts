import type { Page } from 'playwright-core';

/** The bootstrap operator the operator e2e files start their servers with. */
export const OPS = { username: 'ops', password: 'ops-password-123' };

/** The operator panel's first step: username and password, before any second factor. */
export async function operatorPasswordStep(page: Page, serverUrl: string, ops = OPS) {
  await page.goto(`${serverUrl}/admin`);
  await page.getByRole('heading', { name: 'Operator panel' }).waitFor();
  await page.getByLabel('Username').fill(ops.username);
  await page.getByLabel('Password', { exact: true }).fill(ops.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
