import { MSG } from '@assay/shared';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, ownedByReact, PHONE, watchErrors } from './support/browser.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';
import { giveBillingCountryTo } from './support/billing.ts';

/**
 * Sessions and the first second of a page (issue 26, items 10–12): a remembered member stays
 * signed in through a refresh that fails for a reason other than a 401, a click made before the
 * app runs on a server-drawn page is not lost, and a returning member never sees the visitor's
 * page first. On the embedded database, as a newcomer's `npm start` runs.
 */
const e2e = serverAndBrowser(undefined, { embedded: true });

const REFRESH = '**/api/auth/refresh';

async function post(path: string, body: unknown) {
  const res = await fetch(`${e2e.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
}

/** A verified member, made through the API (sign-up, the emailed code, verification). */
async function newMember() {
  const email = `first.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = 'Sessions2026ok';
  await post('/api/auth/signup', { name: 'Katherine Johnson', email, phone: '+1 757 555 0199', password });
  const { code } = await e2e.server.readMail(email);
  await post('/api/auth/verify-email-otp', { email, otp: code });
  // A purchase needs a billing country: Buy Now opens the review (purchase.test.ts checks the step that asks).
  await giveBillingCountryTo(e2e.server.url, email, password);
  return { email, password };
}

/** A browser where a member signed in with Remember me: it holds the refresh cookie. */
async function rememberedMember(viewport = DESKTOP, { forAxe = false } = {}): Promise<BrowserContext> {
  const { email, password } = await newMember();
  // axe is injected as a script, which the page's CSP refuses; elsewhere the CSP stays on (it must allow the first-paint script).
  const context = await e2e.browser.newContext({ viewport, bypassCSP: forAxe });
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText('Welcome back!').waitFor();
  await page.close();
  return context;
}

/** The header shows the member's way in: the session was restored. */
const signedIn = (page: Page) => page.locator('header').getByRole('link', { name: 'Dashboard' }).first().waitFor({ timeout: 20_000 });

/** Whether the visitor's header (Sign In · Get Started) shows now. */
const visitorHeader = (page: Page) => page.locator('header').getByRole('link', { name: 'Sign In' }).first().isVisible();

async function slowCpu(page: Page, rate = 6) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return cdp;
}

describe('a failed refresh during page load (item 10)', () => {
  it.each([
    ['a 503', (route: Route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"Service unavailable"}' })],
    ['a network error', (route: Route) => route.abort('failed')],
  ])('%s does not sign the member out: the page tries again, and a later load restores the session', async (_name, fail) => {
    const context = await rememberedMember();
    const page = await context.newPage();
    const errors = watchErrors(page);
    // Every refresh of this load fails.
    await page.route(REFRESH, fail);
    await page.goto(`${e2e.server.url}/pricing`);
    await page.getByRole('heading', { level: 1, name: 'Simple, token-based pricing' }).waitFor();
    await page.waitForTimeout(1500);
    // Not told they are signed out: the visitor's header stays hidden while the session is unknown.
    expect(await visitorHeader(page)).toBe(false);
    // The next load (the server is back) tries the cookie again and restores the session.
    await page.unroute(REFRESH);
    await page.reload();
    await signedIn(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('retries on the same page once the server answers again', async () => {
    const context = await rememberedMember();
    const page = await context.newPage();
    let failures = 0;
    await page.route(REFRESH, async (route) => {
      if (failures++ < 2) return route.fulfill({ status: 503, body: '' });
      return route.continue();
    });
    await page.goto(`${e2e.server.url}/`);
    await signedIn(page);
    expect(failures).toBeGreaterThanOrEqual(3);
    await context.close();
  });

  it('a member page waiting for the server says so, and does not send the member to sign in', async () => {
    const context = await rememberedMember(DESKTOP, { forAxe: true });
    const page = await context.newPage();
    await page.route(REFRESH, (route) => route.abort('failed'));
    await page.goto(`${e2e.server.url}/reports`);
    await page.getByRole('heading', { level: 1, name: MSG.sessionUnreachableTitle }).waitFor({ timeout: 15_000 });
    await page.getByRole('status').getByText(MSG.sessionUnreachable).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/reports');
    await page.unroute(REFRESH);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page
      .getByRole('heading', { level: 1 })
      .filter({ hasText: /report/i })
      .first()
      .waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/reports');
    await context.close();
  });

  it('a reload while the session is being restored (the rotated cookie never arrived) keeps the member signed in', async () => {
    const context = await rememberedMember();
    const page = await context.newPage();
    // The server rotates the refresh token, but its answer (and new cookie) is lost to the reload.
    await page.route(REFRESH, async (route) => {
      await route.fetch();
      await route.abort('aborted');
    });
    await page.goto(`${e2e.server.url}/`);
    await page.waitForTimeout(500);
    // Waits for a refresh still inside the handler: unrouting under it would let Playwright hand the
    // request on while the handler still means to abort it ("Route is already handled").
    await page.unrouteAll({ behavior: 'wait' });
    await page.reload();
    await signedIn(page);
    await context.close();
  });

  it('a 401 from the refresh does end the session: the visitor page, and no refresh on the next load', async () => {
    const context = await rememberedMember();
    await context.clearCookies();
    const page = await context.newPage();
    const refreshes: string[] = [];
    page.on('request', (r) => void (r.url().endsWith('/api/auth/refresh') && refreshes.push(r.url())));
    await page.goto(`${e2e.server.url}/`);
    await page.locator('header').getByRole('link', { name: 'Sign In' }).first().waitFor();
    expect(refreshes).toHaveLength(1);
    await page.reload();
    await page.locator('header').getByRole('link', { name: 'Sign In' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(refreshes).toHaveLength(1);
    await context.close();
  });
});

/** Holds the app's scripts back until `release` is called: the page stays as the server drew it. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe('clicks before the app runs (item 11)', () => {
  it('Buy Now clicked on the server-drawn page (6× slower CPU) takes a visitor to sign in', async () => {
    const page = await e2e.browser.newPage({ viewport: DESKTOP });
    await slowCpu(page);
    const release = await holdScripts(page);
    await page.goto(`${e2e.server.url}/pricing`, { waitUntil: 'commit' });
    const buy = page.getByRole('button', { name: 'Buy Now: Starter package' });
    await buy.waitFor();
    expect(await buy.evaluate(ownedByReact)).toBe(false);
    await buy.click();
    release();
    await page.waitForURL(`${e2e.server.url}/login`, { timeout: 30_000 });
    await page.getByText(MSG.loginToPurchase).first().waitFor({ timeout: 20_000 });
    await page.close();
  });

  it('Buy Now clicked by a returning member before the app runs (6× slower CPU) opens the purchase review once the session is known', async () => {
    const context = await rememberedMember(PHONE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await slowCpu(page);
    const release = await holdScripts(page);
    await page.goto(`${e2e.server.url}/pricing`, { waitUntil: 'commit' });
    const buy = page.getByRole('button', { name: 'Buy Now: Pro package' });
    await buy.waitFor();
    await buy.click();
    // Held, and shown as waiting for the app.
    expect(await buy.getAttribute('data-early-click')).toBe('');
    release();
    await page.getByRole('dialog', { name: 'Review your purchase' }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/pricing');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Compare Features clicked on the server-drawn page (6× slower CPU) shows the comparison', async () => {
    const page = await e2e.browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    await slowCpu(page);
    const release = await holdScripts(page);
    await page.goto(`${e2e.server.url}/pricing`, { waitUntil: 'commit' });
    const compare = page.getByRole('button', { name: 'Compare Features' });
    await compare.waitFor();
    expect(await compare.evaluate(ownedByReact)).toBe(false);
    await compare.click();
    release();
    await expect.poll(() => compare.getAttribute('aria-pressed'), { timeout: 30_000 }).toBe('true');
    // Once, not twice: the view stays on the comparison.
    await page.waitForTimeout(1000);
    expect(await compare.getAttribute('aria-pressed')).toBe('true');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the phone menu opened before the app runs is open once it does', async () => {
    const page = await e2e.browser.newPage({ viewport: PHONE });
    await slowCpu(page);
    const release = await holdScripts(page);
    await page.goto(`${e2e.server.url}/`, { waitUntil: 'commit' });
    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.waitFor();
    await menu.click();
    release();
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor({ timeout: 30_000 });
    await page.close();
  });
});

/**
 * Watches every frame from the document's start until the session is known for the visitor's
 * offers being visible inside the header and the page (the footer's links are for everyone).
 */
const watchVisitorOffers = (page: Page) =>
  page.addInitScript({
    content: `
      window.visitorOffersSeen = [];
      const texts = ['Sign In', 'Get Started', 'Free report on sign-up', 'For free tokens, please sign up'];
      const look = () => {
        // Until the session is known (the member's Dashboard link): after that, what shows is the member's.
        if (document.querySelector('header a[href="/reports"]')) return;
        for (const el of document.querySelectorAll('header a, header p, main a, main p')) {
          const text = (el.textContent || '').trim();
          const hit = texts.find((t) => text === t || text.startsWith(t));
          if (hit && el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) {
            if (!window.visitorOffersSeen.includes(hit)) window.visitorOffersSeen.push(hit);
          }
        }
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);`,
  });

describe("a returning member's first paint (item 12)", () => {
  it.each([
    ['/', DESKTOP],
    ['/pricing', DESKTOP],
    ['/', PHONE],
    ['/pricing', PHONE],
  ] as const)('%s never shows the visitor offers to a member with a valid refresh cookie (6× slower CPU)', async (path, viewport) => {
    const context = await rememberedMember(viewport);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await watchVisitorOffers(page);
    await slowCpu(page);
    await page.goto(`${e2e.server.url}${path}`);
    if (viewport === PHONE) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Dashboard' }).waitFor({ timeout: 20_000 });
    } else {
      await signedIn(page);
    }
    await page.waitForTimeout(500);
    expect(await page.evaluate('window.visitorOffersSeen')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a visitor still sees Sign In · Get Started and the free report in the first paint, and the HTML is the same for both', async () => {
    const page = await e2e.browser.newPage({ viewport: DESKTOP });
    await watchVisitorOffers(page);
    const release = await holdScripts(page);
    await page.goto(`${e2e.server.url}/`, { waitUntil: 'commit' });
    await page.locator('header').getByRole('link', { name: 'Sign In' }).waitFor();
    await expect
      .poll(() => page.evaluate('window.visitorOffersSeen'))
      .toEqual(expect.arrayContaining(['Sign In', 'Get Started', 'Free report on sign-up']));
    release();
    await page.close();

    // The page is one copy for everyone: a member's cookies change nothing in it.
    const context = await rememberedMember();
    const cookies = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const plain = await (await fetch(`${e2e.server.url}/pricing`)).text();
    const withCookies = await (await fetch(`${e2e.server.url}/pricing`, { headers: { cookie: cookies } })).text();
    expect(withCookies).toBe(plain);
    await context.close();
  });
});
