import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, waitForApp, watchErrors } from './support/browser.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';

/**
 * The public blog and press pages on the seeded posts of a fresh install (migration
 * 033_seed_posts.sql: 4 blog posts, one featured, and 3 press releases, one an outside article).
 * Paging is covered by the component tests (features/blog): the seeded posts fit on one page.
 */
const SEEDED = {
  trl: {
    slug: 'technology-readiness-levels-explained',
    title: 'Technology Readiness Levels Explained: Where Does Your Invention Stand?',
    metaTitle: 'Technology Readiness Levels (TRL 1-9) Explained for Inventors',
  },
  licensing: {
    slug: 'licensing-or-spin-out-choosing-a-commercialisation-route',
    title: 'Licensing or Spin-out? Choosing a Commercialisation Route for Your Technology',
  },
  pressLaunch: {
    slug: 'assay-launches-ai-technology-assessment-reports',
    title: 'Assay Launches AI-Generated Technology Assessment Reports for Inventors and Technology-Transfer Offices',
  },
  pressOutside: {
    title: 'In the News: How AI Is Speeding Up Technology Transfer',
    url: 'https://www.example.com/news/ai-speeding-up-technology-transfer',
  },
};

const e2e = serverAndBrowser();

const latestGrid = (page: Page) => page.getByRole('region', { name: 'Latest Articles' }).getByTestId('post-grid');

describe('the blog, in the browser', () => {
  it('browses the list, reads a post and its related articles, and comes back', async () => {
    const page = await e2e.browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    await page.goto(`${e2e.server.url}/blog`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Blog · Assay');

    // Featured (the seeded TRL post), and all 4 posts in Latest Articles on one page: no pagination.
    const featured = page.getByRole('region', { name: 'Featured Articles' });
    await featured.getByRole('heading', { name: SEEDED.trl.title }).waitFor();
    await expect.poll(() => latestGrid(page).getByRole('listitem').count()).toBe(4);
    await latestGrid(page).getByRole('heading', { name: SEEDED.licensing.title }).waitFor();
    const card = latestGrid(page).getByRole('article').filter({ hasText: SEEDED.licensing.title });
    await card.locator('time', { hasText: 'Jul 28, 2025' }).waitFor();
    await card.getByText(/^\d+ views?$/).waitFor();
    await card.getByRole('link', { name: /Read More/ }).waitFor();
    await expect(page.getByRole('navigation', { name: 'Blog pages' }).count()).resolves.toBe(0);

    // Open the featured post.
    await featured.getByRole('link', { name: SEEDED.trl.title, exact: true }).click();
    await page.waitForURL(new RegExp(`/blog/${SEEDED.trl.slug}$`));
    await page.getByRole('heading', { level: 1, name: SEEDED.trl.title }).waitFor();
    await page.locator('.prose-content').getByRole('heading', { name: 'The nine levels at a glance' }).waitFor();
    await expect(page.locator('.prose-content li').count()).resolves.toBeGreaterThan(9);
    await expect.poll(() => page.title()).toBe(SEEDED.trl.metaTitle);
    await expect(page.locator('meta[name="description"]').getAttribute('content')).resolves.toMatch(/nine Technology Readiness Levels/);
    for (const name of ['Share on Twitter', 'Share on LinkedIn', 'Share on Facebook', 'Copy link']) {
      await page.getByRole('button', { name }).waitFor();
    }

    // Related Articles: three other blog posts, never this one.
    const related = page.getByRole('region', { name: 'Related Articles' });
    await related.getByRole('listitem').first().waitFor();
    await expect(related.getByRole('listitem').count()).resolves.toBe(3);
    await expect(related.getByRole('link', { name: SEEDED.trl.title }).count()).resolves.toBe(0);
    const next = related.getByRole('heading', { level: 3 }).first();
    const nextTitle = (await next.textContent())!;
    await next.getByRole('link').click();
    await page.waitForURL((u) => !u.pathname.endsWith(SEEDED.trl.slug));
    await page.getByRole('heading', { level: 1, name: nextTitle }).waitFor();

    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await page.waitForURL(/\/blog$/);
    await page.getByRole('heading', { name: 'Latest Articles' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('searches every page on the server, including the words of a post’s body', async () => {
    const page = await e2e.browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    await page.goto(`${e2e.server.url}/blog`);
    await latestGrid(page).getByRole('listitem').first().waitFor();
    await waitForApp(page);

    // 'NASA' is only in the body of the TRL post (not its title or description): only the
    // server's full-text search can find it.
    await page.getByPlaceholder('Search articles...').fill('NASA');
    await page.waitForURL(/\/blog\?q=NASA$/);
    await latestGrid(page).getByRole('heading', { name: SEEDED.trl.title }).waitFor();
    await expect.poll(() => latestGrid(page).getByRole('listitem').count()).toBe(1);
    await expect(page.getByRole('region', { name: 'Featured Articles' }).count()).resolves.toBe(0);
    await expect(page.getByRole('navigation', { name: 'Blog pages' }).count()).resolves.toBe(0);

    await page.getByPlaceholder('Search articles...').fill('zzqxnonexistent');
    await page.getByText('No articles found').waitFor();
    await page.getByText('Try adjusting your search terms').waitFor();

    await page.getByPlaceholder('Search articles...').fill('');
    await page.waitForURL(/\/blog$/);
    await expect.poll(() => latestGrid(page).getByRole('listitem').count()).toBe(4);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lists press releases, sending an outside article to a new tab', async () => {
    const page = await e2e.browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    await page.goto(`${e2e.server.url}/press-releases`);
    await page.getByRole('heading', { level: 1, name: 'Press Releases' }).waitFor();
    const grid = page.getByTestId('post-grid');
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(3);

    const outside = grid.getByRole('link', { name: SEEDED.pressOutside.title, exact: true });
    await expect(outside.getAttribute('href')).resolves.toBe(SEEDED.pressOutside.url);
    await expect(outside.getAttribute('target')).resolves.toBe('_blank');
    await expect(outside.getAttribute('rel')).resolves.toBe('noopener noreferrer');

    await grid.getByRole('link', { name: SEEDED.pressLaunch.title, exact: true }).click();
    await page.waitForURL(new RegExp(`/press-releases/${SEEDED.pressLaunch.slug}$`));
    await page.getByRole('heading', { level: 1, name: SEEDED.pressLaunch.title }).waitFor();
    await page.getByRole('link', { name: 'Back to Press Releases' }).click();
    await page.waitForURL(/\/press-releases$/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows Post not found for a missing post, then returns to the blog', async () => {
    const page = await e2e.browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    await page.goto(`${e2e.server.url}/blog/does-not-exist`);
    await page.getByText('Post not found', { exact: true }).waitFor();
    await page.getByText('Blog post not found', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Back to Blog' }).waitFor();
    await page.waitForURL(/\/blog$/, { timeout: 10_000 });
    await page.getByRole('heading', { name: 'Latest Articles' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('gives crawlers the post’s title and Open Graph tags without JavaScript', async () => {
    const res = await fetch(`${e2e.server.url}/blog/${SEEDED.licensing.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const escaped = SEEDED.licensing.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(html).toMatch(new RegExp(`<title>${escaped}</title>`));
    expect(html).toMatch(new RegExp(`<meta property="og:title" content="${escaped}"`));

    const trl = await (await fetch(`${e2e.server.url}/blog/${SEEDED.trl.slug}`)).text();
    expect(trl).toContain(`<title>${SEEDED.trl.metaTitle}</title>`);

    const missing = await fetch(`${e2e.server.url}/blog/does-not-exist`);
    expect(missing.status).toBe(404);
  });

  it('lays the lists out in one column on a phone', async () => {
    const page = await e2e.browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    for (const path of ['/blog', '/press-releases']) {
      await page.goto(`${e2e.server.url}${path}`);
      const cards = page.getByTestId('post-grid').getByRole('listitem');
      await cards.nth(1).waitFor();
      const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
      expect(b!.x).toBe(a!.x);
      expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
      expect(a!.width).toBeGreaterThan(PHONE.width - 64);
      // Nothing sticks out sideways.
      await expect(page.evaluate('document.documentElement.scrollWidth')).resolves.toBeLessThanOrEqual(PHONE.width);
    }
    await page.goto(`${e2e.server.url}/blog/${SEEDED.licensing.slug}`);
    await page.getByRole('heading', { level: 1, name: SEEDED.licensing.title }).waitFor();
    await expect(page.evaluate('document.documentElement.scrollWidth')).resolves.toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await page.close();
  });
});
