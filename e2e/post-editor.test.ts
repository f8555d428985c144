import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { png } from './support/png.ts';

/**
 * The post editor (issue 15): upload an image and see it on the published post, preview a draft
 * through its signed link, and the unsaved-changes guard on Escape. With SHOTS_DIR set, it also
 * saves screenshots of the editor, the posts list, the preview and the public blog list at phone
 * and desktop widths, to look at.
 */
const OPERATOR = { username: 'ops', password: 'ops-password-123' };
const SHOTS = process.env.SHOTS_DIR;

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

async function signIn(page: Page) {
  await page.goto(`${server.url}/admin?tab=blog`);
  await page.getByLabel('Username').fill(OPERATOR.username);
  await page.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Blog Posts', level: 2 }).first().waitFor();
}

const editor = (page: Page) => page.getByRole('dialog', { name: /Create Blog Post|Edit Blog Post/ });

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

async function fillPost(page: Page, title: string) {
  const d = editor(page);
  await d.getByLabel('Title', { exact: true }).fill(title);
  await d.getByLabel('Description', { exact: true }).fill('How a patent can be licensed to several companies, one field of use each.');
  await d.getByRole('button', { name: 'HTML' }).click();
  await d.getByLabel(/Content/).fill('<h2>Fields of use</h2><p>One patent, several markets.</p><img src="/media/nothing.webp">');
}

describe('the post editor, in the browser', () => {
  it('uploads an image, shows it in the form, and the published post shows it on the site', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    await signIn(page);
    await page.getByRole('button', { name: 'Create Blog Post' }).click();
    const d = editor(page);
    await fillPost(page, 'Field-of-use licensing with pictures');
    // Flagged before saving: the image in the content has no alt text.
    await d.getByTestId('missing-alt').getByText('1 image has no alt text').waitFor();
    await d.getByLabel(/Meta title/).fill('Field-of-use licensing: one patent, many licensees, and how the markets are split between them');
    await d
      .getByTestId('serp-preview')
      .getByText(/cut in results/)
      .first()
      .waitFor();

    await d.getByTestId('post-image-file').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png(2400, 1200) });
    await expect.poll(() => d.getByLabel(/Image URL/).inputValue(), { timeout: 20_000 }).toMatch(/^\/media\/[a-f0-9]{64}\.webp$/);
    const imageUrl = await d.getByLabel(/Image URL/).inputValue();
    await d.getByRole('img', { name: 'Chosen cover' }).waitFor();
    // A picture needs its alt text (decision 206).
    await d.getByLabel('Image alt text').fill('A gradient standing in for a market map');

    // The footer stays in view at 1366×900 however long the form is.
    const create = d.getByRole('button', { name: 'Create Blog Post' });
    const box = await create.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(DESKTOP.height);
    await shot(page, 'editor-desktop');
    await create.click();
    await page.getByText('Post created successfully').waitFor();

    const row = page.getByTestId('admin-post').filter({ hasText: 'Field-of-use licensing with pictures' });
    await row.getByRole('button', { name: /^Publish / }).click();
    const view = row.getByRole('link', { name: /View on site: Field-of-use licensing with pictures/ });
    await view.waitFor();
    const href = await view.getAttribute('href');
    expect(href).toBe('/blog/field-of-use-licensing-with-pictures');
    await shot(page, 'posts-list-desktop');

    const site = await browser.newPage({ viewport: DESKTOP });
    await site.goto(`${server.url}${href}`);
    const cover = site.locator('article figure img');
    await cover.waitFor();
    expect(await cover.getAttribute('src')).toBe(imageUrl);
    await expect.poll(() => site.evaluate<number>('document.querySelector("article figure img").naturalWidth')).toBe(1600);
    await expect.poll(() => site.title()).toContain('Field-of-use licensing: one patent');
    const served = await fetch(`${server.url}${imageUrl}`);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(errors).toEqual([]);
    await site.close();
    await page.close();
  });

  it('previews a draft on the site through its link, marked as unpublished and noindex', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page);
    await page.getByRole('button', { name: 'Create Blog Post' }).click();
    await fillPost(page, 'A draft to look at first');
    await editor(page).getByRole('button', { name: 'Create Blog Post' }).click();
    await page.getByText('Post created successfully').waitFor();

    // Only drafts in the list, then a search.
    await page.getByLabel('Status').selectOption('draft');
    await page.getByLabel('Search blog posts').fill('look at first');
    await expect.poll(() => page.getByTestId('admin-post').count()).toBe(1);
    const row = page.getByTestId('admin-post').first();
    await row.getByRole('button', { name: 'Preview A draft to look at first on the site' }).click();
    const open = row.getByRole('link', { name: /Open preview/ });
    await open.waitFor();
    const href = (await open.getAttribute('href'))!;
    expect(href).toMatch(/^\/preview\/[\w-]+\.[\w-]+$/);

    const preview = await browser.newPage({ viewport: DESKTOP });
    const res = await preview.goto(`${server.url}${href}`);
    expect(res?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await preview.getByTestId('preview-banner').getByText('Preview — not published').waitFor();
    await preview.getByRole('heading', { level: 1, name: 'A draft to look at first' }).waitFor();
    await expect.poll(() => preview.locator('meta[name="robots"]').first().getAttribute('content')).toBe('noindex, nofollow');
    await shot(preview, 'preview-desktop');
    await preview.setViewportSize(PHONE);
    await shot(preview, 'preview-phone');

    // The public address still knows nothing of it; a forged link shows a clear message.
    expect((await fetch(`${server.url}/api/blog/posts/a-draft-to-look-at-first`)).status).toBe(404);
    const [payload] = href.slice('/preview/'.length).split('.');
    await preview.goto(`${server.url}/preview/${payload}.AAAAAAAAAAAAAAAAAAAAAA`);
    await preview.getByText('Preview not available').waitFor();
    await preview.close();
    await page.close();
  });

  it('asks before Escape throws unsaved changes away, and closes at once when nothing changed', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page);
    await page.getByRole('button', { name: 'Create Blog Post' }).click();
    const d = editor(page);
    await d.waitFor();
    await page.keyboard.press('Escape');
    await d.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Create Blog Post' }).click();
    await d.getByLabel('Title', { exact: true }).fill('Words I have not saved');
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.keyboard.press('Escape');
    await expect.poll(() => asked).toEqual(['Discard your unsaved changes?']);
    await expect(d.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe('Words I have not saved');

    // A second Escape straight after (no click in between) still asks.
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.keyboard.press('Escape');
    await expect.poll(() => asked.length).toBe(2);
    await d.waitFor();

    page.once('dialog', (dialog) => void dialog.accept());
    await d.getByRole('button', { name: 'Close', exact: true }).click();
    await d.waitFor({ state: 'detached' });
    await page.close();
  });
});
