import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, watchErrors } from './support/browser.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';

/** axe-core's own build, injected into each page as a script (the pages' CSP is bypassed for it). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PASSWORD = 'Orbit1962ok';
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

const PUBLIC_PAGES = [
  '/', '/login', '/signup', '/forgot-password', '/rttp', '/contact', '/about', '/pricing', '/careers',
  '/blog', '/press-releases', '/privacy', '/terms', '/refund-policy', '/no-such-page',
  // A post and a press release (seeded by migration 033).
  '/blog/what-investors-look-for-in-a-technology-assessment', '/press-releases/assay-launches-ai-technology-assessment-reports',
];
const MEMBER_PAGES = ['/reports', '/login-pricing', '/profile'];

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe (WCAG 2.1 A/AA and best practices) on the page as it is now; returns the violations in short. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  // A string runs in the page (this project's types have no DOM).
  const violations = await page.evaluate<Violation[]>(
    `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(AXE_TAGS)} } }).then((r) => r.violations)`,
  );
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id}: ${v.help} at ${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ')})` : ''}`));
}

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

const e2e = serverAndBrowser();

async function signUpMember(): Promise<string> {
  const email = `axe.${Date.now()}@example.com`;
  const post = (path: string, body: unknown) =>
    fetch(`${e2e.server.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect((await post('/auth/signup', { name: 'Grace Hopper', email, password: PASSWORD, phone: '+1 757 555 0100' })).status).toBeLessThan(300);
  const { code } = await e2e.server.readMail(email);
  expect((await post('/auth/verify-email-otp', { email, otp: code })).status).toBeLessThan(300);
  return email;
}

describe('accessibility (axe-core) of every public and member page', () => {
  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
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
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Welcome back!').waitFor();
    await page.getByText('Welcome back!').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await scan(page, MEMBER_PAGES)).toEqual({});
    // Profile's delete-account dialog, open.
    await open(page, '/profile');
    await page.getByRole('button', { name: 'Delete account' }).click();
    await page.getByRole('dialog', { name: 'Delete your account' }).getByTestId('forfeit-warning').getByText(/tokens/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
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
});
