import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, PHONE, watchErrors } from './support/browser.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';
import { giveBillingCountryTo } from './support/billing.ts';

const PASSWORD = 'Orbit1962ok';

const PUBLIC_PAGES = [
  '/',
  '/login',
  '/signup',
  '/forgot-password',
  '/rttp',
  '/contact',
  '/about',
  '/pricing',
  '/careers',
  '/blog',
  '/press-releases',
  '/privacy',
  '/terms',
  '/refund-policy',
  '/no-such-page',
  // A post and a press release (seeded by migration 033).
  '/blog/what-investors-look-for-in-a-technology-assessment',
  '/press-releases/assay-launches-ai-technology-assessment-reports',
];
const MEMBER_PAGES = ['/reports', '/login-pricing', '/profile'];

/** Opens a path and waits for its main heading, so the scan sees the finished screen. */
async function open(page: Page, path: string) {
  const res = await page.goto(`${e2e.server.url}${path}`, { waitUntil: 'networkidle' });
  await page.locator('h1').first().waitFor();
  return res;
}

/** Each path's violations, for the paths that have any. */
async function scan(page: Page, paths: string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await open(page, path);
    const v = await axeViolations(page);
    if (v.length) found[path] = v;
  }
  return found;
}

// One operator (the panel's screens) whose username locks after three wrong passwords (the lock screen).
const OPERATOR = { username: 'ops', password: 'ops-password-123' };
const e2e = serverAndBrowser({ ADMIN_USERNAME: OPERATOR.username, ADMIN_PASSWORD: OPERATOR.password, OPERATOR_LOCKOUT_FAILURES: '3' });

async function signUpMember(): Promise<string> {
  const email = `axe.${randomUUID().slice(0, 8)}@example.com`;
  const post = (path: string, body: unknown) =>
    fetch(`${e2e.server.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect((await post('/auth/signup', { name: 'Grace Hopper', email, password: PASSWORD, phone: '+1 757 555 0100' })).status).toBeLessThan(
    300,
  );
  const { code } = await e2e.server.readMail(email);
  expect((await post('/auth/verify-email-otp', { email, otp: code })).status).toBeLessThan(300);
  // A purchase needs a billing country (the step that asks for it is checked in purchase.test.ts).
  await giveBillingCountryTo(e2e.server.url, email, PASSWORD);
  return email;
}

// Concurrent: each test has its own pages (and member), and a scan mostly waits for pages to settle.
describe.concurrent('accessibility (axe-core) of every public and member page', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`finds nothing on the public pages (${label})`, async () => {
      const page = await e2e.browser.newPage({ viewport, bypassCSP: true });
      const errors = watchErrors(page);
      expect(await scan(page, PUBLIC_PAGES)).toEqual({});
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('finds nothing on the member pages', async () => {
    const email = await signUpMember();
    const page = await e2e.browser.newPage({ viewport: DESKTOP, bypassCSP: true });
    await open(page, '/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Welcome back!').waitFor();
    await page.getByText('Welcome back!').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await scan(page, MEMBER_PAGES)).toEqual({});
    // Profile's delete-account dialog, open.
    await open(page, '/profile');
    await page.getByRole('button', { name: 'Delete account' }).click();
    await page
      .getByRole('dialog', { name: 'Delete your account' })
      .getByTestId('forfeit-warning')
      .getByText(/tokens/)
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});

/** The operator panel's tabs, by their address. */
const OPERATOR_TABS = ['', '?tab=users', '?tab=purchases', '?tab=refunds', '?tab=contact', '?tab=blog', '?tab=press', '?tab=activity'];

/** Signs the operator in through /admin and waits for the panel. */
async function signInOperator(page: Page) {
  await open(page, '/admin');
  await page.getByLabel('Username').fill(OPERATOR.username);
  await page.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('tablist', { name: 'Operator panel sections' }).waitFor();
}

/** Opens a tab of the panel and waits until its list (or empty state) has loaded. */
async function openTab(page: Page, query: string) {
  await page.goto(`${e2e.server.url}/admin${query}`, { waitUntil: 'networkidle' });
  await page.getByRole('tabpanel').waitFor();
  await page.getByRole('tabpanel').locator('h2').first().waitFor();
  await page.waitForLoadState('networkidle');
}

describe.concurrent('accessibility (axe-core) of every operator screen', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`finds nothing on the sign-in screen, its lock screen and every tab, Activity included (${label})`, async () => {
      await signUpMember();
      const page = await e2e.browser.newPage({ viewport, bypassCSP: true });
      const errors = watchErrors(page);
      await open(page, '/admin');
      expect(await axeViolations(page)).toEqual([]);
      await signInOperator(page);
      const found: Record<string, string[]> = {};
      for (const tab of OPERATOR_TABS) {
        await openTab(page, tab);
        const v = await axeViolations(page);
        if (v.length) found[tab || '(dashboard)'] = v;
      }
      expect(found).toEqual({});
      // The Activity tab lists this sign-in by its label.
      await openTab(page, '?tab=activity');
      await page.getByTestId('activity-entry').filter({ hasText: 'Operator signed in' }).first().waitFor();

      // The lock screen: a browser that never signed in, after three wrong passwords for a username.
      const stranger = await e2e.browser.newPage({ viewport, bypassCSP: true });
      await open(stranger, '/admin');
      const name = `locked-${label}`;
      for (let i = 0; i < 4; i++) {
        await stranger.getByLabel('Username').fill(name);
        await stranger.getByLabel('Password', { exact: true }).fill(`wrong-password-${i}`);
        await stranger.getByRole('button', { name: 'Sign in', exact: true }).click();
        await stranger.waitForLoadState('networkidle');
      }
      await stranger
        .getByRole('alert')
        .filter({ hasText: /minute/ })
        .first()
        .waitFor();
      await stranger.waitForTimeout(4500); // the toasts go, the banner stays
      expect(await axeViolations(stranger)).toEqual([]);
      await stranger.close();
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});

/** What has focus, as 'tag:name' (a string runs in the page: this project's types have no DOM). */
const focused = (page: Page) =>
  page.evaluate<string>(`(() => {
    const el = document.activeElement;
    return el ? el.tagName.toLowerCase() + ':' + (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() : 'none';
  })()`);

describe('focus in the browser', () => {
  it('goes back to the button that opened a dialog when it closes (operator post form)', async () => {
    const page = await e2e.browser.newPage({ viewport: DESKTOP });
    await signInOperator(page);
    await openTab(page, '?tab=blog');
    const create = page.getByRole('tabpanel').getByRole('button', { name: 'Create Blog Post' });
    await create.focus();
    await create.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create Blog Post' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('button:Create Blog Post');
    await page.close();
  });

  it("on purchase steps: the new step's heading, then the Buy button again after closing and after paying", async () => {
    const email = await signUpMember();
    const page = await e2e.browser.newPage({ viewport: DESKTOP });
    await open(page, '/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Welcome back!').waitFor();

    // The packages offered in a dialog (over the generate form): choosing one moves focus to the review's heading.
    await open(page, '/reports');
    await page.getByRole('button', { name: 'Generate Report' }).first().click();
    const generate = page.getByRole('dialog', { name: 'Generate Report' });
    await generate.getByText('Comprehensive', { exact: true }).click();
    await generate
      .getByLabel('Describe your technology idea')
      .fill('A passive cooling tile for rooftops that radiates heat to the night sky and stores cold for the day.');
    await generate.getByRole('button', { name: 'Generate Report' }).click();
    const buy = page.getByRole('dialog', { name: 'Buy Tokens' });
    await buy
      .getByRole('button', { name: /^Buy Now: .* package$/ })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Review your purchase' }).waitFor();
    await expect.poll(() => focused(page)).toBe('h2:Review your purchase');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page
      .getByRole('dialog')
      .first()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);

    // On the pricing page: Cancel gives focus back to the Buy button, and so does paying.
    await open(page, '/login-pricing');
    const pro = page.getByRole('button', { name: 'Buy Now: Pro package' });
    await pro.click();
    const review = page.getByRole('dialog', { name: 'Review your purchase' });
    await review.getByRole('button', { name: 'Cancel' }).click();
    await review.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('button:Buy Now: Pro package');
    await pro.click();
    const [popup] = await Promise.all([page.waitForEvent('popup'), review.getByRole('button', { name: 'Proceed to payment' }).click()]);
    await popup.getByRole('button', { name: 'Approve' }).click();
    await review.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('button:Buy Now: Pro package');
    await page.close();
  });
});

describe('the shell in the browser', () => {
  it('answers an unknown address with status 404 and a Not Found page that links home', async () => {
    const page = await e2e.browser.newPage({ viewport: DESKTOP });
    const res = await open(page, '/no-such-page');
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.title()).toBe('Page not found · Assay');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(`${e2e.server.url}/`);
    await page.close();
  });

  it('names the feed on /blog, and serves it at /feed', async () => {
    const page = await e2e.browser.newPage({ viewport: DESKTOP });
    await open(page, '/blog');
    expect(await page.locator('link[rel="alternate"][type="application/rss+xml"]').first().getAttribute('href')).toBe('/rss/blog.xml');
    const feed = await fetch(`${e2e.server.url}/feed`);
    expect(feed.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    await page.close();
  });

  it('moves only what it must for a reader who asked for less motion: no transitions or pulses, a slower spinner', async () => {
    const motion = async (reducedMotion: 'reduce' | 'no-preference') => {
      const page = await e2e.browser.newPage({ viewport: DESKTOP, reducedMotion });
      await open(page, '/pricing');
      // A string runs in the page (this project's types have no DOM): each class on a new element.
      type Motion = { transition: string; animation: string; duration: string };
      const seen = await page.evaluate<Record<'link' | 'skeleton' | 'spinner', Motion>>(`(() => {
        const styleOf = (className) => {
          const el = document.createElement('div');
          el.className = className;
          document.body.append(el);
          const s = getComputedStyle(el);
          const out = { transition: s.transitionDuration, animation: s.animationName, duration: s.animationDuration };
          el.remove();
          return out;
        };
        return { link: styleOf('transition-colors'), skeleton: styleOf('animate-pulse'), spinner: styleOf('animate-spin') };
      })()`);
      await page.close();
      return seen;
    };
    const usual = await motion('no-preference');
    expect(usual.link.transition).not.toBe('0s');
    expect(usual.skeleton.animation).not.toBe('none');
    const reduced = await motion('reduce');
    expect(reduced.link.transition).toBe('0s');
    expect(reduced.skeleton.animation).toBe('none');
    expect(reduced.spinner.animation).toBe(usual.spinner.animation);
    expect(parseFloat(reduced.spinner.duration)).toBeGreaterThan(parseFloat(usual.spinner.duration));
  });
});
