import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { basicAuthorization, type Post } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpGet } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ensureFirstOperator } from '../operators/index.ts';
import { FEED_LINK_TAGS, renderSpaPage } from './index.ts';
import { WEB_INDEX_HTML } from '../../../test/index-html.ts';

/** The app's page as the server sends it: every page names both feeds (http/spa.ts). */
const SERVED_INDEX = WEB_INDEX_HTML.replace('</head>', () => `${FEED_LINK_TAGS}\n  </head>`);

/**
 * A small XML well-formedness check: one root element, every tag closed in order, quoted
 * attributes without duplicates, only the predefined or numeric entities, no stray '<' or '&'.
 */
function assertWellFormedXml(xml: string): void {
  const s = xml.replace(/^<\?xml\s[^?]*\?>/, '');
  if (/<\?xml/.test(s)) throw new Error('misplaced XML declaration');
  const stack: string[] = [];
  let roots = 0;
  const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;
  const checkText = (text: string) => {
    if (text.replace(ENTITY, '').includes('&')) throw new Error(`bad entity in ${JSON.stringify(text.slice(0, 40))}`);
    if (text.includes('>') && text.includes(']]>')) throw new Error(']]> in text');
  };
  const token =
    /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\/([A-Za-z_][\w:.-]*)\s*>|<([A-Za-z_][\w:.-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)|(<)/g;
  let m: RegExpExecArray | null;
  while ((m = token.exec(s))) {
    const [whole, close, open, attrs, selfClose, text, stray] = m;
    if (stray) throw new Error(`stray '<' at ${m.index}`);
    if (whole.startsWith('<!--') || whole.startsWith('<![CDATA[')) continue;
    if (text !== undefined) {
      if (!stack.length && text.trim()) throw new Error(`text outside the root: ${text.trim().slice(0, 40)}`);
      checkText(text);
    } else if (close) {
      const expected = stack.pop();
      if (expected !== close) throw new Error(`</${close}> closes <${expected}>`);
    } else if (open) {
      if (!stack.length && roots++ > 0) throw new Error('more than one root element');
      const names = [...(attrs ?? '').matchAll(/([^\s=]+)\s*=\s*("[^"]*"|'[^']*')/g)].map((a) => {
        if (a[2]!.includes('<')) throw new Error(`'<' in attribute ${a[1]}`);
        checkText(a[2]!);
        return a[1]!;
      });
      if (new Set(names).size !== names.length) throw new Error(`duplicate attribute on <${open}>`);
      if (!selfClose) stack.push(open);
    }
  }
  if (stack.length) throw new Error(`unclosed <${stack.at(-1)}>`);
  if (roots !== 1) throw new Error('no root element');
}

/** The text of every <tag>…</tag> (no nesting of the same tag), entities decoded. */
const textsOf = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) =>
    m[1]!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;|&apos;/g, "'")
      .replace(/&amp;/g, '&'),
  );
const metaContent = (html: string, attr: 'name' | 'property', key: string) => {
  const m = new RegExp(`<meta ${attr}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return m
    ? m[1]!
        .replace(/&quot;/g, '"')
        .replace(/&#39;|&apos;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
    : undefined;
};
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

describe('the XML check used below', () => {
  it.each(['<a><b></a></b>', '<a>x & y</a>', '<a>1 < 2</a>', '<a></a><b></b>', '<a x="1" x="2"/>', '<a>', 'text'])('rejects %j', (bad) => {
    expect(() => assertWellFormedXml(bad)).toThrow();
  });
  it('accepts a well-formed document', () => {
    expect(() => assertWellFormedXml('<?xml version="1.0"?><a x="&amp;"><b/>t &lt; &#39;<!-- c --></a>')).not.toThrow();
  });
});

describe('renderSpaPage', () => {
  it('replaces the default title and description with the page tags at the marker', () => {
    const html = renderSpaPage(WEB_INDEX_HTML, '<title>Post</title>\n<meta name="description" content="Post description" />');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Post</title>');
    expect(html).not.toContain('Default site description');
    expect(html).not.toContain('<!--app-head-->');
    expect(html).toContain('<script type="module" src="/assets/index-abc123.js"></script>');
  });

  it('keeps dollar signs in the tags as they are', () => {
    expect(renderSpaPage(WEB_INDEX_HTML, "<title>$& $1 $' price</title>")).toContain("<title>$& $1 $' price</title>");
  });

  it('adds the tags at the end of <head> when there is no marker', () => {
    const html = renderSpaPage('<html><head><title>x</title></head><body></body></html>', '<title>y</title>');
    expect(html).toBe('<html><head><title>y</title>\n</head><body></body></html>');
  });

  it('leaves the body alone, even text that looks like a head tag', () => {
    const page = WEB_INDEX_HTML.replace('<div id="root"></div>', '<div id="root"><title>inline svg title</title></div>');
    expect(renderSpaPage(page, '<title>T</title>')).toContain('<title>inline svg title</title>');
  });
});

describe('pages for crawlers (no JavaScript run)', () => {
  const ADMIN = { username: 'seo-admin', password: 'Seo-Admin-Pass-1' };
  const asAdmin = { authorization: basicAuthorization(ADMIN.username, ADMIN.password) };
  let t: TestApp;
  let webDir: string;
  let article: Post;
  let release: Post;
  let draft: Post;

  const create = async (payload: Record<string, unknown>, publish = true) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blog/admin/posts',
      headers: asAdmin,
      payload: { content: '<p>Body</p>', status: publish ? 'published' : 'draft', ...payload },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Post>();
  };
  // Over real HTTP, as crawlers read: the pages' copies are answered before Fastify.
  let base: string;
  const get = (url: string) => httpGet(base, url, { 'user-agent': 'Googlebot/2.1' });

  beforeAll(async () => {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'assay-web-'));
    writeFileSync(path.join(webDir, 'index.html'), WEB_INDEX_HTML);
    t = await createTestApp(
      { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, PUBLIC_URL: 'https://assay.example/' },
      { webDistDir: webDir },
    );
    await ensureFirstOperator({ db: t.db, config: t.config, log: t.app.log });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    article = await create({
      title: 'TRL & "readiness" <explained>',
      description: "What TRL 1–9 means for an inventor's next step",
      meta_title: 'TRL levels explained | Assay',
      image_url: '/images/trl.png',
      image_alt: 'The nine technology readiness levels',
    });
    release = await create({
      title: 'Assay opens its expert network',
      description: 'Press release description',
      post_type: 'press_release',
      image_url: 'https://news.example.com/assay-expert-network',
    });
    draft = await create({ title: 'Secret draft', description: 'Not yet' }, false);
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('gives a post page its title, description, canonical URL and Open Graph image in the HTML', async () => {
    const res = await get(`/blog/${article.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const head = headOf(res.body);
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).toContain('<title>TRL levels explained | Assay</title>');
    expect(metaContent(head, 'name', 'description')).toBe("What TRL 1–9 means for an inventor's next step");
    expect(head).toContain(`<link rel="canonical" href="https://assay.example/blog/${article.slug}" />`);
    expect(metaContent(head, 'property', 'og:type')).toBe('article');
    expect(metaContent(head, 'property', 'og:title')).toBe('TRL levels explained | Assay');
    expect(metaContent(head, 'property', 'og:url')).toBe(`https://assay.example/blog/${article.slug}`);
    expect(metaContent(head, 'property', 'og:image')).toBe('https://assay.example/images/trl.png');
    expect(metaContent(head, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(head).not.toContain('Default site description');
    // The app itself still loads.
    expect(res.body).toContain('<script type="module" src="/assets/index-abc123.js"></script>');
  });

  it('escapes titles so they cannot break out of the markup', async () => {
    await t.app.inject({
      method: 'PUT',
      url: `/api/blog/admin/posts/${article.id}`,
      headers: asAdmin,
      payload: { title: article.title, description: '"><script>alert(1)</script>', content: '<p>x</p>', meta_title: null },
    });
    const head = headOf((await get(`/blog/${article.slug}`)).body);
    expect(head).toContain('<title>TRL &amp; &quot;readiness&quot; &lt;explained&gt;</title>');
    expect(head).not.toContain('<script>alert(1)</script>');
    expect(metaContent(head, 'name', 'description')).toBe('"><script>alert(1)</script>');
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head)![1]!;
    expect(ld).not.toContain('<');
    expect(JSON.parse(ld)).toMatchObject({ '@type': 'BlogPosting', headline: article.title, description: '"><script>alert(1)</script>' });
  });

  it('serves press releases under /press-releases', async () => {
    const res = await get(`/press-releases/${release.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Assay opens its expert network</title>');
    expect(metaContent(res.body, 'property', 'og:url')).toBe(`https://assay.example/press-releases/${release.slug}`);
    expect((await get(`/blog/${release.slug}`)).statusCode).toBe(404);
  });

  it('gives no og:image for a press release whose image_url is an outside article, and one for a site image', async () => {
    const outside = await get(`/press-releases/${release.slug}`);
    expect(metaContent(outside.body, 'property', 'og:image')).toBeUndefined();
    expect(metaContent(outside.body, 'name', 'twitter:card')).toBe('summary');
    const pictured = await create({
      title: 'Pictured release',
      description: 'd',
      post_type: 'press_release',
      image_url: '/images/press.jpg',
      image_alt: 'Press photo',
    });
    const res = await get(`/press-releases/${pictured.slug}`);
    expect(metaContent(res.body, 'property', 'og:image')).toBe('https://assay.example/images/press.jpg');
  });

  it('answers an unknown or unpublished slug with the plain app page and 404', async () => {
    for (const url of ['/blog/no-such-post', `/blog/${draft.slug}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toBe(SERVED_INDEX);
    }
  });

  it('redirects a former slug to the current address', async () => {
    await t.db.query(`INSERT INTO post_slugs (post_type, slug, post_id) VALUES ('press_release', 'old-name', $1)`, [release.id]);
    const res = await get('/press-releases/old-name');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/press-releases/${release.slug}`);
  });

  it('does not count a crawler fetch of the page as a view', async () => {
    await get(`/blog/${article.slug}`);
    const views = await t.db.query<{ view_count: number }>('SELECT view_count FROM posts WHERE id = $1', [article.id]);
    expect(views.rows[0]!.view_count).toBe(0);
  });

  /** Every address the sitemap names: the index's files, each read and checked. */
  const sitemapLocs = async () => {
    const index = await get('/sitemap.xml');
    assertWellFormedXml(index.body);
    const locs: string[] = [];
    for (const file of textsOf(index.body, 'loc')) {
      const res = await get(file.replace('https://assay.example', ''));
      expect(res.statusCode, file).toBe(200);
      assertWellFormedXml(res.body);
      locs.push(...textsOf(res.body, 'loc'));
    }
    return locs;
  };

  it('lists the public pages and every published post in a well-formed sitemap index and its files', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(textsOf(res.body, 'loc')).toEqual(['https://assay.example/sitemaps/pages.xml', 'https://assay.example/sitemaps/posts-1.xml']);
    const locs = await sitemapLocs();
    for (const page of [
      '/',
      '/about',
      '/pricing',
      '/rttp',
      '/careers',
      '/blog',
      '/press-releases',
      '/contact',
      '/privacy',
      '/terms',
      '/refund-policy',
    ]) {
      expect(locs).toContain(`https://assay.example${page}`);
    }
    // A copy of the Terms is not listed (its canonical address is /terms).
    expect(locs).not.toContain('https://assay.example/pricing-policy');
    expect(locs).toContain(`https://assay.example/blog/${article.slug}`);
    expect(locs).toContain(`https://assay.example/press-releases/${release.slug}`);
    expect(locs.some((l) => l.includes(draft.slug))).toBe(false);
    expect(locs.some((l) => /\/(admin|reports|profile|login-pricing|billing)/.test(l))).toBe(false);
    const posts = await get('/sitemaps/posts-1.xml');
    const entry = [...posts.body.matchAll(/<url>([\s\S]*?)<\/url>/g)].find((m) => m[1]!.includes(`/blog/${article.slug}<`))!;
    expect(textsOf(entry[1]!, 'lastmod')[0]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // Files past the last, and names written otherwise, are not sitemaps.
    for (const url of [
      '/sitemaps/posts-2.xml',
      '/sitemaps/posts-0.xml',
      '/sitemaps/posts-01.xml',
      '/sitemaps/posts-999999999.xml',
      '/sitemaps/other.xml',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('keeps the sitemap and feeds until a post is published, unpublished, edited or deleted', async () => {
    const locs = sitemapLocs;
    const rssTitles = async () => textsOf((await get('/rss/blog.xml')).body, 'title');
    const admin = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
      t.app.inject({ method, url: `/api/blog/admin/posts/${url}`, headers: asAdmin, ...(payload ? { payload } : {}) });
    await locs();
    await rssTitles();
    const post = await create({ title: 'Cached sitemap entry', description: 'Appears once published.' }, false);
    const url = `https://assay.example/blog/${post.slug}`;
    expect(await locs()).not.toContain(url);
    expect((await admin('POST', `${post.id}/publish`)).statusCode).toBe(200);
    expect(await locs()).toContain(url);
    expect(await rssTitles()).toContain('Cached sitemap entry');
    const edited = await admin('PUT', post.id, {
      title: 'Cached sitemap entry, retitled',
      description: 'Appears once published.',
      content: '<p>Body</p>',
      post_type: 'blog',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await rssTitles()).toContain('Cached sitemap entry, retitled');
    expect((await admin('POST', `${post.id}/unpublish`)).statusCode).toBe(200);
    expect(await locs()).not.toContain(url);
    expect(await rssTitles()).not.toContain('Cached sitemap entry, retitled');
    expect((await admin('POST', `${post.id}/publish`)).statusCode).toBe(200);
    expect(await locs()).toContain(url);
    expect((await admin('DELETE', post.id)).statusCode).toBe(200);
    expect(await locs()).not.toContain(url);
    expect(await rssTitles()).not.toContain('Cached sitemap entry, retitled');
  });

  it('builds the sitemap once and serves that copy while no post changes (a view is not a change)', async () => {
    const first = (await get('/sitemap.xml')).body;
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/blog/posts/${article.slug}`,
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
    });
    expect(view.statusCode).toBe(200);
    // A change made behind the notification's back (its trigger off) stays unseen: the copy is served.
    await t.db.transaction(async (tx) => {
      await tx.query('ALTER TABLE posts DISABLE TRIGGER posts_changed_update');
      await tx.query(`UPDATE posts SET updated_at = '2001-01-01T00:00:00Z' WHERE id = $1`, [article.id]);
      await tx.query('ALTER TABLE posts ENABLE TRIGGER posts_changed_update');
    });
    expect((await get('/sitemap.xml')).body).toBe(first);
  });

  it('publishes RSS 2.0 feeds of published posts only, escaped', async () => {
    const res = await get('/rss/blog.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/);
    assertWellFormedXml(res.body);
    expect(res.body).toMatch(/<rss version="2.0"/);
    const titles = textsOf(res.body, 'title');
    expect(titles[0]).toBe('Assay Blog');
    expect(titles).toContain(article.title);
    expect(titles).not.toContain('Secret draft');
    expect(titles).not.toContain(release.title);
    const links = textsOf(res.body, 'link');
    expect(links).toContain(`https://assay.example/blog/${article.slug}`);
    for (const d of textsOf(res.body, 'pubDate')) expect(Number.isNaN(Date.parse(d))).toBe(false);

    const press = await get('/rss/press.xml');
    assertWellFormedXml(press.body);
    expect(textsOf(press.body, 'title')).toContain(release.title);
    expect(textsOf(press.body, 'title')).not.toContain(article.title);
  });

  it('tells crawlers what to skip and where the sitemap is', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    for (const line of [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /reports',
      'Disallow: /profile',
      'Disallow: /login-pricing',
      'Disallow: /billing',
      'Disallow: /api/',
      'Sitemap: https://assay.example/sitemap.xml',
    ]) {
      expect(lines).toContain(line);
    }
  });

  it('still serves the app page for other routes and JSON 404s under /api', async () => {
    // The pricing page's HTML names the reads it starts with, for preloading (decision 127).
    expect(headOf((await get('/pricing')).body)).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/tokens/packages"><link rel="preload" as="fetch" crossorigin href="/api/site-config">',
    );
    expect((await get('/reports?page=2')).statusCode).toBe(200);
    expect((await get('/reports?page=2')).body).toBe(SERVED_INDEX);
    expect((await get('/api/nope')).json<{ detail: string }>().detail).toBeTruthy();
  });

  it('answers a path the app does not know with the app page (its Not Found screen) and status 404', async () => {
    for (const url of ['/no-such-page', '/pricing/extra', '/wp-login.php']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(SERVED_INDEX);
    }
  });

  it('puts the post body in the page for crawlers, inside the root the app replaces, sanitised', async () => {
    const withBody = await create({
      title: 'Licensing 101',
      description: 'd',
      content: '<h2>Why license</h2><p>Royalties <strong>pay</strong> inventors.</p>',
    });
    await t.db.query(`UPDATE posts SET content = content || '<script>alert(1)</script><img src=x onerror=alert(2)>' WHERE id = $1`, [
      withBody.id,
    ]);
    const body = (await get(`/blog/${withBody.slug}`)).body;
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(body)![1]!;
    expect(root).toContain('<h1>Licensing 101</h1>');
    expect(root).toContain('<h2>Why license</h2><p>Royalties <strong>pay</strong> inventors.</p>');
    expect(root).not.toContain('<script');
    expect(root).not.toContain('onerror');
  });

  it('names both feeds in the <head> of every page the server sends, once', async () => {
    const tags = [
      '<link rel="alternate" type="application/rss+xml" title="Assay Blog" href="/rss/blog.xml" />',
      '<link rel="alternate" type="application/rss+xml" title="Assay Press Releases" href="/rss/press.xml" />',
    ];
    for (const url of [
      '/',
      '/blog',
      '/press-releases',
      '/pricing',
      '/terms',
      `/blog/${article.slug}`,
      '/login',
      '/reports',
      '/no-such-page',
    ]) {
      const head = headOf((await get(url)).body);
      for (const tag of tags) expect(head.split(tag).length - 1, `${url}: ${tag}`).toBe(1);
    }
  });

  it('answers the addresses feed readers guess with the blog feed, not the app', async () => {
    for (const url of ['/rss.xml', '/feed']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^application\/rss\+xml/);
      expect(textsOf(res.body, 'title')[0], url).toBe('Assay Blog');
    }
  });
});
