import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, PHONE, watchErrors } from './support/browser.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';
import { png } from './support/png.ts';

/**
 * Writing a post in the visual editor (issue 30, decision 200): Markdown shortcuts, a list, a link
 * from the toolbar, an uploaded image with alt text and caption, a video card; saved without the
 * sanitiser removing anything, and published with the image, the list and the link on the site.
 * At phone and desktop widths, axe-clean; SHOTS_DIR saves screenshots.
 */
const OPERATOR = { username: 'ops', password: 'ops-password-123' };
const SHOTS = process.env.SHOTS_DIR;
const e2e = serverAndBrowser({ ADMIN_USERNAME: OPERATOR.username, ADMIN_PASSWORD: OPERATOR.password });

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

async function signIn(page: Page) {
  await page.goto(`${e2e.server.url}/admin?tab=blog`);
  await page.getByLabel('Username').fill(OPERATOR.username);
  await page.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Blog Posts', level: 2 }).first().waitFor();
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('writing a post in the visual editor (%s)', (width, viewport) => {
  it('headings and a list by Markdown, a link, an image with alt text and caption, a video; published as written', async () => {
    const page = await e2e.browser.newPage({ viewport, bypassCSP: true });
    const errors = watchErrors(page);
    await signIn(page);
    await page.getByRole('tabpanel').getByRole('button', { name: 'Create Blog Post' }).click();
    const d = page.getByRole('dialog', { name: 'Create Blog Post' });
    const title = `Licensing one patent in several fields ${width} ${Date.now()}`;
    // Every save of the post (autosaves included): none may have had anything cleaned out.
    const saves: Promise<{ content: string; removed: string[]; slug: string }>[] = [];
    page.on('response', (r) => {
      if (
        /\/api\/blog\/admin\/posts(\/[0-9a-f-]{36})?$/.test(new URL(r.url()).pathname) &&
        ['POST', 'PUT'].includes(r.request().method())
      ) {
        saves.push(r.json() as Promise<{ content: string; removed: string[]; slug: string }>);
      }
    });
    await d.getByLabel('Title', { exact: true }).fill(title);
    await d.getByLabel('Description', { exact: true }).fill('One patent, several markets, one licensee each.');

    const body = d.getByTestId('rich-editor');
    await body.waitFor();
    await body.click();
    await page.keyboard.type('## Why fields of use\n');
    await page.keyboard.type('A patent can be split by market. See ');
    // A link from the toolbar: typed text, then the address.
    await d.getByRole('button', { name: 'Link' }).click();
    await d.getByLabel('Link address').fill('https://example.com/field-of-use');
    await d.getByLabel('Link address').press('Enter');
    await page.keyboard.type(' for more.\n- Medical devices\nConsumer goods\n\n');
    await page.keyboard.type('The chart:');

    await d.getByTestId('editor-image-file').setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: png(800, 400) });
    const figure = body.locator('figure img');
    await figure.waitFor({ timeout: 20_000 });
    await figure.click();
    await d.getByLabel(/^Alt text/).fill('A chart of licences by market');
    await d.getByLabel(/^Caption/).fill('Licences by market, 2026');

    await d.getByRole('button', { name: 'YouTube or Vimeo video' }).click();
    await d.getByLabel('Video address').fill('https://youtu.be/dQw4w9WgXcQ');
    await d.getByLabel('Video address').press('Enter');
    await body.locator('a[data-embed="youtube"]').waitFor();

    await shot(page, `rich-editor-${width}`);
    // The sign-in toast has gone (sonner's success colours are not this screen's to judge).
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
    expect(await axeViolations(page)).toEqual([]);

    await d.getByRole('button', { name: 'Create Blog Post' }).click();
    await page.getByText('Post created successfully').waitFor();
    const all = await Promise.all(saves);
    expect(all.length).toBeGreaterThan(0);
    for (const s of all) expect(s.removed).toEqual([]);
    const post = all.at(-1)!;
    expect(post.content).toContain('<h2>Why fields of use</h2>');
    expect(post.content).toContain('<a href="https://example.com/field-of-use">https://example.com/field-of-use</a>');
    expect(post.content).toContain('<ul><li><p>Medical devices</p></li><li><p>Consumer goods</p></li></ul>');
    expect(post.content).toMatch(
      /<figure><img loading="lazy" src="\/media\/[a-f0-9]{64}\.webp" alt="A chart of licences by market" \/><figcaption>Licences by market, 2026<\/figcaption><\/figure>/,
    );
    expect(post.content).toContain(
      '<figure><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" data-embed="youtube">Play the video on YouTube</a></figure>',
    );

    const row = page.getByTestId('admin-post').filter({ hasText: title });
    await row.getByRole('button', { name: /^Publish / }).click();
    await row.getByRole('link', { name: `View on site: ${title}` }).waitFor();

    const site = await e2e.browser.newPage({ viewport, bypassCSP: true });
    const siteErrors = watchErrors(site);
    const response = await site.goto(`${e2e.server.url}/blog/${post.slug}`);
    // The player may load in a frame on the site (the page is opened bypassing CSP only for axe's script).
    expect(response?.headers()['content-security-policy']).toMatch(/frame-src [^;]*https:\/\/www\.youtube-nocookie\.com/);
    const article = site.locator('article .prose-content');
    await article.getByRole('heading', { name: 'Why fields of use', level: 2 }).waitFor();
    await article.getByRole('link', { name: 'https://example.com/field-of-use' }).waitFor();
    expect(await article.locator('ul li').allTextContents()).toEqual(['Medical devices', 'Consumer goods']);
    await article.getByRole('img', { name: 'A chart of licences by market' }).waitFor();
    // The video is a link until clicked; nothing from the video site is in the page before that.
    expect(await site.locator('iframe').count()).toBe(0);
    const card = article.getByRole('link', { name: 'Play the video on YouTube' });
    await card.scrollIntoViewIfNeeded();
    await shot(site, `rich-post-${width}`);
    expect(await axeViolations(site)).toEqual([]);
    await site.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>player</title>' }),
    );
    await card.click();
    const player = article.locator('iframe[data-embed-player="youtube"]');
    await player.waitFor();
    expect(await player.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    expect(siteErrors).toEqual([]);
    expect(errors).toEqual([]);
    await site.close();
    await page.close();
  });
});
