import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { PHONE, watchErrors } from './support/browser.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';
import { png } from './support/png.ts';

/**
 * A post's authors, feature image alt text and caption, canonical address and social-card
 * overrides (issue 30, decision 206), set in the form at phone and desktop widths and seen on the
 * public page and in its <head>; the form and the page axe-clean. With SHOTS_DIR set, screenshots.
 */
const OPERATOR = { username: 'ops', password: 'ops-password-123' };
const e2e = serverAndBrowser({ ADMIN_USERNAME: OPERATOR.username, ADMIN_PASSWORD: OPERATOR.password });
const SHOTS = process.env.SHOTS_DIR;
const WIDE = { width: 1280, height: 900 };

async function shot(page: Page, name: string, fullPage = false) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

async function signIn(page: Page) {
  await page.goto(`${e2e.server.url}/admin?tab=blog`);
  await page.getByLabel('Username').fill(OPERATOR.username);
  await page.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Blog Posts', level: 2 }).first().waitFor();
}

/** The operator's public name (decision 208): what readers see as the author, never the username. */
const PUBLIC_NAME = 'Olivia Ops';
async function givePublicName() {
  const headers = {
    authorization: `Basic ${Buffer.from(`${OPERATOR.username}:${OPERATOR.password}`).toString('base64')}`,
    'content-type': 'application/json',
  };
  const { operators } = (await (await fetch(`${e2e.server.url}/api/admin/operators`, { headers })).json()) as {
    operators: { id: string; username: string }[];
  };
  const me = operators.find((o) => o.username === OPERATOR.username)!;
  const res = await fetch(`${e2e.server.url}/api/admin/operators/${me.id}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ display_name: PUBLIC_NAME }),
  });
  expect(res.status).toBe(200);
}

const ALT = 'Chart of "licences" <b>per</b> year';
const CAPTION = '<img src=x onerror=alert(1)> Source: Assay survey';

describe('authors, image text and social overrides, in the browser', () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', WIDE],
  ] as const) {
    it(`sets them in the form and shows them on the post and in its head (${label})`, async () => {
      const page = await e2e.browser.newPage({ viewport, bypassCSP: true });
      const errors = watchErrors(page);
      const alerts: string[] = [];
      page.on('dialog', (d) => {
        alerts.push(d.message());
        void d.dismiss();
      });
      await givePublicName();
      await signIn(page);
      await page.getByRole('button', { name: 'Create Blog Post' }).click();
      const d = page.getByRole('dialog', { name: 'Create Blog Post' });
      const title = `Licensing in pictures ${label}`;
      await d.getByLabel('Title', { exact: true }).fill(title);
      await d.getByRole('button', { name: 'HTML' }).click();
      await d.getByLabel(/Content/).fill('<p>One patent, several markets.</p>');
      await d.getByTestId('post-image-file').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png(1200, 630) });
      await expect.poll(() => d.getByLabel(/^Image URL/).inputValue(), { timeout: 20_000 }).toMatch(/^\/media\/[a-f0-9]{64}\.webp$/);

      // No alt text: refused at the field, focused.
      await d.getByRole('button', { name: 'Create Blog Post' }).click();
      await d.getByText('Describe the feature image in its alt text, or mark it as decorative').waitFor();
      await d.getByLabel('Image alt text').fill(ALT);
      await d.getByLabel(/Caption/).fill(CAPTION);
      await d.getByTestId('post-authors').getByRole('checkbox', { name: PUBLIC_NAME }).check();
      expect(await d.getByLabel('Author Name').inputValue()).toBe(PUBLIC_NAME);
      await d.getByLabel(/Canonical URL/).fill('https://elsewhere.example/licensing');
      await d.getByLabel('Title (defaults to the meta title)').fill('Licensing, shown as a card');
      await d.getByLabel('Description (defaults to the Open Graph description)').fill('One patent & many markets');
      const card = d.getByRole('group', { name: 'Social card preview' });
      await card.getByText('Licensing, shown as a card').waitFor();
      await card.getByText('elsewhere.example').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await d.getByTestId('post-authors').scrollIntoViewIfNeeded();
      await shot(page, `meta-form-authors-${label}`);
      await d.getByLabel('Image alt text').scrollIntoViewIfNeeded();
      await shot(page, `meta-form-image-${label}`);
      await card.scrollIntoViewIfNeeded();
      await shot(page, `meta-form-social-${label}`);
      await d.getByRole('button', { name: 'Create Blog Post' }).click();
      await page.getByText('Post created successfully').waitFor();

      const row = page.getByTestId('admin-post').filter({ hasText: title });
      await row.getByRole('button', { name: /^Publish / }).click();
      const view = row.getByRole('link', { name: new RegExp(`View on site: ${title}`) });
      await view.waitFor();
      const href = (await view.getAttribute('href'))!;

      const site = await e2e.browser.newPage({ viewport, bypassCSP: true });
      const siteErrors = watchErrors(site);
      site.on('dialog', (x) => {
        alerts.push(x.message());
        void x.dismiss();
      });
      await site.goto(`${e2e.server.url}${href}`);
      const figure = site.getByTestId('post-feature');
      await figure.locator('figcaption').waitFor();
      expect(await figure.locator('img').getAttribute('alt')).toBe(ALT);
      expect(await figure.locator('figcaption').textContent()).toBe(CAPTION);
      expect(await figure.locator('img').count()).toBe(1);
      await site.getByText(PUBLIC_NAME, { exact: true }).first().waitFor();
      const meta = (key: string) => site.locator(`meta[property="${key}"], meta[name="${key}"]`).first().getAttribute('content');
      expect(await meta('og:image:alt')).toBe(ALT);
      expect(await meta('og:title')).toBe('Licensing, shown as a card');
      expect(await meta('twitter:description')).toBe('One patent & many markets');
      expect(await meta('article:author')).toBe(PUBLIC_NAME);
      expect(await site.locator('link[rel="canonical"]').getAttribute('href')).toBe('https://elsewhere.example/licensing');
      expect(await axeViolations(site)).toEqual([]);
      await figure.scrollIntoViewIfNeeded();
      await shot(site, `meta-post-${label}`);
      expect(alerts).toEqual([]);
      expect(errors).toEqual([]);
      expect(siteErrors).toEqual([]);
      await site.close();
      await page.close();
    });
  }
});
