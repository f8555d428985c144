import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Tags (issue 30, decision 204): an operator tags a post in the editor (creating a tag inline with
 * the keyboard), publishes it, finds it by the tag filter, and a reader follows the post's tag to
 * the tag page — at phone and desktop widths, axe clean. With SHOTS_DIR set, screenshots to look at.
 */
const OPERATOR = { username: 'tagops', password: 'tag-ops-password-123' };
const SHOTS = process.env.SHOTS_DIR;
const WIDTHS = [
  { label: 'phone', viewport: { width: 390, height: 844 } },
  { label: 'desktop', viewport: { width: 1280, height: 900 } },
];

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_USERNAME: OPERATOR.username, ADMIN_PASSWORD: OPERATOR.password }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function shot(page: Page, name: string, fullPage = false) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

describe('tagging a post and opening its tag page', () => {
  for (const { label, viewport } of WIDTHS) {
    it(`at ${label} width`, async () => {
      // Unique per attempt: a retry must not meet the tag and post its first attempt created.
      const attempt = Date.now().toString(36);
      const tagName = `Spin-outs ${label} ${attempt}`;
      const title = `University spin-outs, ${label} edition ${attempt}`;
      const page = await browser.newPage({ viewport, bypassCSP: true });
      const errors = watchErrors(page);
      await page.goto(`${server.url}/admin?tab=blog`);
      await page.getByLabel('Username').fill(OPERATOR.username);
      await page.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Blog Posts', level: 2 }).first().waitFor();

      await page.getByRole('button', { name: 'Create Blog Post' }).click();
      const d = page.getByRole('dialog', { name: 'Create Blog Post' });
      await d.getByLabel('Title', { exact: true }).fill(title);
      await d.getByRole('button', { name: 'HTML' }).click();
      await d.getByLabel(/Content/).fill('<p>How a university licenses its patents to the company its researchers start.</p>');
      // The tag picker: type a new name, the list offers to create it, Enter does.
      const box = d.getByRole('combobox', { name: /Tags/ });
      await box.click();
      await box.fill(tagName);
      await d.getByRole('option', { name: `Create tag “${tagName}”` }).waitFor();
      expect(await box.getAttribute('aria-expanded')).toBe('true');
      await shot(page, `tags-picker-${label}`);
      expect(await axeViolations(page), `post form with the tag list open at ${label}`).toEqual([]);
      await box.press('Enter');
      await d.getByRole('button', { name: `Remove tag ${tagName}` }).waitFor();
      await d.getByRole('button', { name: 'Create Blog Post' }).click();
      await page.getByText('Post created successfully').waitFor();

      const row = page.getByTestId('admin-post').filter({ hasText: title });
      await row.getByText(`#${tagName}`).waitFor();
      await row.getByRole('button', { name: `Publish ${title}` }).click();
      await row.getByRole('link', { name: new RegExp(`View on site: ${title}`) }).waitFor();

      // The list filtered by the tag and by status, with its true total.
      await page.getByLabel('Tag', { exact: true }).selectOption({ label: tagName });
      await page.getByLabel('Status').selectOption('published');
      await expect.poll(() => page.getByTestId('post-count').textContent()).toBe('1 blog post match');
      await expect.poll(() => page.getByTestId('admin-post').count()).toBe(1);
      await shot(page, `tags-admin-list-${label}`);
      expect(await axeViolations(page), `admin list at ${label}`).toEqual([]);

      // The tag manager lists it with its post.
      await page.getByRole('button', { name: 'Manage tags' }).click();
      const manager = page.getByRole('dialog', { name: 'Tags' });
      await manager.getByTestId('admin-tag').filter({ hasText: tagName }).getByText('1 post').waitFor();
      await shot(page, `tags-manager-${label}`);
      expect(await axeViolations(page), `tag manager at ${label}`).toEqual([]);
      await page.keyboard.press('Escape');

      // A reader: the post links its tag; the tag page lists the post, server-rendered, canonical, axe clean.
      const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      const reader = await browser.newPage({ viewport, bypassCSP: true });
      const readerErrors = watchErrors(reader);
      await reader.goto(`${server.url}/blog/${slug}`);
      const tagLink = reader.getByRole('navigation', { name: 'Tags' }).getByRole('link', { name: tagName });
      await tagLink.waitFor();
      const tagSlug = tagName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      expect(await tagLink.getAttribute('href')).toBe(`/blog/tag/${tagSlug}`);
      expect(await axeViolations(reader), `post page at ${label}`).toEqual([]);
      await tagLink.click();
      await reader.getByRole('heading', { level: 1, name: tagName }).waitFor();
      await reader.getByRole('link', { name: title }).first().waitFor();
      expect(reader.url()).toBe(`${server.url}/blog/tag/${tagSlug}`);
      await shot(reader, `tag-page-${label}`, true);
      expect(await axeViolations(reader), `tag page at ${label}`).toEqual([]);

      const html = await (await fetch(`${server.url}/blog/tag/${tagSlug}`)).text();
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+/blog/tag/${tagSlug}" />`));
      expect(html).toContain(title);
      expect((await fetch(`${server.url}/blog/tag/no-such-tag-${label}`)).status).toBe(404);
      const feed = await (await fetch(`${server.url}/blog/tag/${tagSlug}/rss.xml`)).text();
      expect(feed).toContain(`<title>${title}</title>`);
      expect(errors).toEqual([]);
      expect(readerErrors).toEqual([]);
      await reader.close();
      await page.close();
    }, 120_000);
  }
});
