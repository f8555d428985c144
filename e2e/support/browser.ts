import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, driven by playwright-core (browser downloads are impossible here). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };

/** Fails the test on any uncaught page error, so a broken screen cannot pass silently. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Signs a member in through the /login form, as a person would, and waits for the welcome toast. */
export async function signInMember(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText('Welcome back!').waitFor();
}

/** Whether React has taken over the element (hydrated or drawn it): React marks the nodes it owns. */
export const ownedByReact = (node: unknown) => Object.keys(node as object).some((k) => k.startsWith('__reactFiber'));

/**
 * Waits until the app runs the page: a public page arrives drawn by the server (decision 128) and
 * answers clicks and typing only once hydrated, which a person can hardly beat but a test can.
 */
export async function waitForApp(page: Page) {
  const main = page.locator('#main');
  await main.waitFor({ state: 'attached' });
  for (const deadline = Date.now() + 20_000; !(await main.evaluate(ownedByReact));) {
    if (Date.now() > deadline) throw new Error('the page was not hydrated within 20 s');
    await page.waitForTimeout(50);
  }
}

/** A full-page screenshot named with the viewport's width, when SHOTS_DIR asks for them. */
export async function widthShot(page: Page, name: string) {
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

/** Whether the page scrolls sideways: a layout wider than the viewport (a phone's, above all). */
export const overflowsSideways = (page: Page) =>
  page.evaluate<boolean>('document.documentElement.scrollWidth > document.documentElement.clientWidth');
