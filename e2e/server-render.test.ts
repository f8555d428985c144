import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, ownedByReact, PHONE } from './support/browser.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';

/**
 * The public pages arrive drawn by the server (decision 128) and the app takes them over in the
 * browser without redrawing them: the content is in the HTML before any script runs, hydration
 * reports no error, the page asks for none of the reads it was given, and links then navigate
 * inside the app. Seeded posts: migration 033_seed_posts.sql.
 */
const POST = {
  path: '/blog/technology-readiness-levels-explained',
  title: 'Technology Readiness Levels Explained: Where Does Your Invention Stand?',
};
const PAGES = [
  {
    path: '/',
    heading: 'Know what your invention is worth — before you pitch it',
    text: ['Generate your assessment', 'Your commercialisation journey in six steps'],
  },
  {
    path: '/blog',
    heading: 'Insights for inventors',
    text: [POST.title, 'Licensing or Spin-out? Choosing a Commercialisation Route for Your Technology'],
  },
  { path: POST.path, heading: POST.title, text: ['Back to Blog'] },
  { path: '/pricing', heading: 'Simple, token-based pricing', text: ['Starter', '$49.00', 'Pro', '$129.00'] },
];

// The site as a newcomer's first `npm start` serves it: from an empty DATA_DIR, migrated at start.
const e2e = serverAndBrowser(undefined, { fresh: true });

/** The page's text as a reader sees it, without React's text separators. */
const readable = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

/** Every console error and uncaught error of the page (React reports hydration failures through both). */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * Records every node removed from the app's root from the first byte on. React 19's production
 * build reports no error when it gives up hydrating a boundary (an update reached it first, or
 * the markup differed): it silently draws the boundary again. Nothing removed means the server's
 * markup was kept.
 */
const watchRedraws = (page: Page) =>
  page.addInitScript({
    content: `
      window.removedFromRoot = [];
      new MutationObserver((changes) => {
        for (const c of changes) {
          if (!(c.target instanceof Element) || !c.target.closest('#root')) continue;
          for (const n of c.removedNodes) {
            // A box held for what only the app draws (aria-busy) is meant to go.
            if (n instanceof Element && n.getAttribute('aria-busy') === 'true') continue;
            window.removedFromRoot.push(n.nodeName + ': ' + (n.textContent || '').slice(0, 60));
          }
        }
      }).observe(document, { childList: true, subtree: true });`,
  });

describe('public pages rendered on the server', () => {
  it.each(PAGES)('$path: the content is in the HTML itself', async ({ path, heading, text }) => {
    const res = await fetch(`${e2e.server.url}${path}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const root = readable(/<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="assay-state">/.exec(html)?.[1] ?? '');
    expect(root).toContain(heading);
    for (const t of text) expect(root).toContain(t);
  });

  it.each(PAGES)('$path: shown with JavaScript off, on a phone', async ({ path, heading }) => {
    const context = await e2e.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it.each([...PAGES.map((p) => p.path), '/contact', '/rttp'])('%s: the scripts it names load no zod (decision 129)', async (path) => {
    const html = await (await fetch(`${e2e.server.url}${path}`)).text();
    const scripts = [...html.matchAll(/<(?:script[^>]*src|link rel="modulepreload"[^>]*href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(5);
    for (const src of scripts) {
      const code = await (await fetch(`${e2e.server.url}${src}`)).text();
      expect(code.includes('$ZodType'), `${src} carries zod`).toBe(false);
    }
  });

  it('a contact form drawn by the server cannot be sent before the app runs, and never by GET', async () => {
    const context = await e2e.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of ['/contact', '/rttp']) {
      await page.goto(`${e2e.server.url}${path}`);
      const form = page.getByRole('form', { name: 'Contact form' });
      await expect(form.getAttribute('method')).resolves.toBe('post');
      await expect(form.getByRole('button', { name: /send|submit/i }).isDisabled()).resolves.toBe(true);
      // Enter in a field is no way around it: the form's only button is off.
      await form.getByRole('textbox').first().fill('Ada');
      await form.getByRole('textbox').first().press('Enter');
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname).toBe(path);
      expect(new URL(page.url()).search).toBe('');
    }
    await context.close();
  });

  it.each(PAGES)(
    '$path: hydrated without an error, a redraw or a second read, then navigates inside the app',
    async ({ path, heading }) => {
      const page = await e2e.browser.newPage({ viewport: DESKTOP });
      const errors = watchConsole(page);
      await watchRedraws(page);
      const reads: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/api/')) reads.push(r.url());
      });
      await page.goto(`${e2e.server.url}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      const link = 'header a[href="/about"]';
      await expect.poll(() => page.locator(link).evaluate(ownedByReact), { timeout: 20_000 }).toBe(true);
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
      expect(await page.evaluate('window.removedFromRoot')).toEqual([]);
      // The page's reads came in the HTML: the app asked for none of them again.
      expect(reads).toEqual([]);

      // A link now navigates inside the app: the document (and this mark on it) stays.
      await page.evaluate('window.stillTheSamePage = true');
      await page.locator(link).click();
      await page.waitForURL(`${e2e.server.url}/about`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.evaluate('window.stillTheSamePage')).toBe(true);
      expect(errors).toEqual([]);
      await page.close();
    },
  );
});
