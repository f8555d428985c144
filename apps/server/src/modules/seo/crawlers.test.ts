import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { basicAuthorization, type Post } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpGet } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ensureFirstOperator } from '../operators/index.ts';
import { WEB_INDEX_HTML } from '../../../test/index-html.ts';

/**
 * What crawlers, link previews and feed readers get before any script runs (issue 26 items 13–14),
 * and the public copies' keys (issue 32 item 5). Over real HTTP, as they read: copies are answered
 * before Fastify.
 */
const SITE = 'https://assay.example';
const ADMIN = { username: 'crawl-admin', password: 'Crawl-Admin-Pass-1' };
const asAdmin = { authorization: basicAuthorization(ADMIN.username, ADMIN.password) };

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/** The head as a crawler reads it: title, each meta's content by name or property, links by rel, JSON-LD. */
function readHead(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]!));
  const meta = new Map<string, string[]>();
  for (const m of head.matchAll(/<meta (name|property)="([^"]+)" content="([^"]*)"/g))
    meta.set(m[2]!, [...(meta.get(m[2]!) ?? []), decode(m[3]!)]);
  const links = [...head.matchAll(/<link rel="([^"]+)"[^>]*?href="([^"]*)"/g)].map((m) => ({ rel: m[1]!, href: decode(m[2]!) }));
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
  const one = (key: string) => {
    const v = meta.get(key);
    expect(v, key).toHaveLength(1);
    return v![0]!;
  };
  return { titles, meta, one, links, jsonLd, canonical: links.filter((l) => l.rel === 'canonical').map((l) => l.href) };
}
/** Every node of JSON-LD data: a @graph's nodes, or the data itself. */
const nodes = (data: Record<string, unknown>[]) =>
  data.flatMap((d) => (Array.isArray(d['@graph']) ? (d['@graph'] as Record<string, unknown>[]) : [d]));

let t: TestApp;
let webDir: string;
let base: string;
const get = (url: string, headers: Record<string, string> = {}) => httpGet(base, url, { 'user-agent': 'Googlebot/2.1', ...headers });
const create = async (payload: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blog/admin/posts',
    headers: asAdmin,
    payload: { content: '<p>Body</p>', status: 'published', ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Post>();
};
/** Changes a row without the notification that drops copies: only an answer built afresh shows it. */
const unannounced = async (sql: string, params: unknown[]) => {
  await t.db.query('ALTER TABLE posts DISABLE TRIGGER USER');
  await t.db.query('ALTER TABLE token_packages DISABLE TRIGGER USER');
  try {
    await t.db.query(sql, params);
  } finally {
    await t.db.query('ALTER TABLE posts ENABLE TRIGGER USER');
    await t.db.query('ALTER TABLE token_packages ENABLE TRIGGER USER');
  }
};

let article: Post;
beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'assay-web-'));
  writeFileSync(path.join(webDir, 'index.html'), WEB_INDEX_HTML);
  t = await createTestApp(
    { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, PUBLIC_URL: `${SITE}/` },
    { webDistDir: webDir, sitemapLimits: { maxUrls: 3, maxBytes: 100_000 } },
  );
  await ensureFirstOperator({ db: t.db, config: t.config, log: t.app.log });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  article = await create({
    title: 'Licensing & royalties',
    description: 'How licences pay inventors',
    content: '<h2>Why license</h2><p>See <a href="/pricing">pricing</a> and <img src="/api/media/chart.png" alt="chart"></p>',
    image_url: '/api/media/cover.png',
    image_alt: 'Cover',
  });
  for (let i = 1; i <= 7; i++) await create({ title: `Sitemap filler ${i}`, description: `Filler ${i}` });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('each public page has its own head in the HTML, before any script runs', () => {
  const PAGES: [string, string, string][] = [
    ['/', 'AI Technology Assessment Reports · Assay', 'WebPage'],
    ['/pricing', 'Pricing · Assay', 'WebPage'],
    ['/about', 'About · Assay', 'AboutPage'],
    ['/rttp', 'RTTP Experts · Assay', 'WebPage'],
    ['/careers', 'Careers · Assay', 'WebPage'],
    ['/contact', 'Contact · Assay', 'ContactPage'],
    ['/blog', 'Blog · Assay', 'CollectionPage'],
    ['/press-releases', 'Press Releases · Assay', 'CollectionPage'],
    ['/privacy', 'Privacy Policy · Assay', 'WebPage'],
    ['/terms', 'Terms and Conditions · Assay', 'WebPage'],
    ['/refund-policy', 'Refund and Cancellation Policy · Assay', 'WebPage'],
  ];

  it.each(PAGES)('%s: title, description, canonical, Open Graph, Twitter card and JSON-LD of its own', async (url, title, type) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const h = readHead(res.body);
    expect(h.titles).toEqual([title]);
    const description = h.one('description');
    expect(description).not.toBe('Default site description');
    expect(description.length).toBeGreaterThan(40);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(h.canonical).toEqual([`${SITE}${url}`]);
    expect(h.one('og:title')).toBe(title);
    expect(h.one('og:description')).toBe(description);
    expect(h.one('og:url')).toBe(`${SITE}${url}`);
    expect(h.one('og:type')).toBe('website');
    expect(h.one('og:site_name')).toBe('Assay');
    expect(h.one('twitter:card')).toBe('summary');
    expect(h.one('twitter:title')).toBe(title);
    expect(h.one('twitter:description')).toBe(description);
    const page = nodes(h.jsonLd).find((n) => n.url === `${SITE}${url}` && n['@type'] !== 'WebSite' && n['@type'] !== 'Organization');
    expect(page?.['@type']).toBe(type);
    expect(page?.name).toBe(title);
  });

  it('no two pages share a title or a description (link previews of /blog or /pricing do not show the home page)', async () => {
    const heads = await Promise.all(PAGES.map(async ([url]) => readHead((await get(url)).body)));
    expect(new Set(heads.map((h) => h.titles[0])).size).toBe(PAGES.length);
    expect(new Set(heads.map((h) => h.one('description'))).size).toBe(PAGES.length);
  });

  it('the home page describes the organisation and the web site', async () => {
    const all = nodes(readHead((await get('/')).body).jsonLd);
    const org = all.find((n) => n['@type'] === 'Organization');
    const site = all.find((n) => n['@type'] === 'WebSite');
    expect(org).toMatchObject({ name: 'Assay', url: `${SITE}/`, logo: `${SITE}/favicon.svg` });
    expect(site).toMatchObject({ name: 'Assay', url: `${SITE}/`, publisher: { '@id': org!['@id'] } });
  });

  it('/pricing-policy, a copy of the Terms, names /terms as its canonical address', async () => {
    const res = await get('/pricing-policy');
    expect(res.statusCode).toBe(200);
    expect(readHead(res.body).canonical).toEqual([`${SITE}/terms`]);
    expect(readHead(res.body).one('og:url')).toBe(`${SITE}/terms`);
  });

  it('a list page past the first is its own canonical address; one past the last is 404 until a post fills it', async () => {
    const pages = (await get('/api/blog/posts?post_type=blog&limit=9')).json<{ pages: number; total: number }>();
    const last = await get(`/blog?page=${pages.pages}`);
    expect(last.statusCode).toBe(pages.pages > 1 ? 200 : 301);
    if (pages.pages > 1) expect(readHead(last.body).canonical).toEqual([`${SITE}/blog?page=${pages.pages}`]);
    const next = `/blog?page=${pages.pages + 1}`;
    expect((await get(next)).statusCode).toBe(404);
    for (let i = pages.total; i < pages.pages * 9 + 1; i++) await create({ title: `Next page filler ${i}`, description: 'd' });
    const filled = await get(next);
    expect(filled.statusCode).toBe(200);
    expect(readHead(filled.body).canonical).toEqual([`${SITE}${next}`]);
  });

  it('names both feeds on every page the server sends, once each', async () => {
    for (const url of ['/', '/pricing', '/terms', `/blog/${article.slug}`, '/login', '/reports', '/no-such-page']) {
      const feeds = readHead((await get(url)).body)
        .links.filter((l) => l.rel === 'alternate')
        .map((l) => l.href);
      expect(feeds, url).toEqual(['/rss/blog.xml', '/rss/press.xml']);
    }
  });
});

describe('one address per page', () => {
  it.each([
    ['/blog/', '/blog'],
    ['/BLOG', '/blog'],
    ['/Blog/', '/blog'],
    ['/press-releases/', '/press-releases'],
    ['/PRICING?utm_source=mail', '/pricing?utm_source=mail'],
    ['/blog?page=0', '/blog'],
    ['/blog?page=-1', '/blog'],
    ['/blog?page=abc', '/blog'],
    ['/blog?page=1', '/blog'],
    ['/blog?page=02', '/blog'],
    ['/blog?page=2&page=3', '/blog'],
    ['/blog?page=abc&utm_source=x', '/blog?utm_source=x'],
    ['/press-releases?page=0', '/press-releases'],
  ])('%s → 301 %s', async (url, location) => {
    const res = await get(url);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(location);
  });

  it("a post's address with a trailing slash or another case → 301 to the post", async () => {
    for (const url of [`/blog/${article.slug}/`, `/BLOG/${article.slug}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(`/blog/${article.slug}`);
    }
  });

  it('a list page past the last → 404 (not 200 "No blog posts available yet")', async () => {
    for (const url of ['/blog?page=999', '/press-releases?page=2', '/blog?page=999999']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
    }
  });
});

describe('feeds', () => {
  it("carry each post's full body, links made absolute, and its picture; well-formed RSS 2.0 with its namespaces", async () => {
    const res = await get('/rss/blog.xml');
    expect(res.statusCode).toBe(200);
    const xml = res.body;
    // Every prefix used is declared on the root.
    const root = /<rss [^>]*>/.exec(xml)![0];
    for (const [prefix, ns] of [
      ['atom', 'http://www.w3.org/2005/Atom'],
      ['dc', 'http://purl.org/dc/elements/1.1/'],
      ['content', 'http://purl.org/rss/1.0/modules/content/'],
      ['media', 'http://search.yahoo.com/mrss/'],
    ]) {
      expect(root).toContain(`xmlns:${prefix}="${ns}"`);
    }
    expect(root).toContain('version="2.0"');
    const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!);
    const item = items.find((i) => i.includes(`/blog/${article.slug}<`))!;
    for (const tag of ['title', 'link', 'guid', 'description', 'content:encoded', 'pubDate'])
      expect(item, tag).toMatch(new RegExp(`<${tag}[ >]`));
    const body = decode(/<content:encoded>([\s\S]*?)<\/content:encoded>/.exec(item)![1]!);
    expect(body).toContain('<h2>Why license</h2>');
    expect(body).toContain(`<a href="${SITE}/pricing">pricing</a>`);
    expect(body).toContain(`src="${SITE}/api/media/chart.png"`);
    expect(body).toContain(`<img src="${SITE}/api/media/cover.png"`);
    expect(item).toContain(`<media:content url="${SITE}/api/media/cover.png" medium="image" />`);
    // Raw markup never appears unescaped inside the XML.
    expect(item).not.toMatch(/<content:encoded>[^<]*<h2>/);
  });

  it('stay bounded with long posts: older items fall back to their description', async () => {
    const long = `<p>${'A long paragraph about licensing. '.repeat(5_500)}</p>`; // ~190 KB each
    for (let i = 0; i < 5; i++) await create({ title: `Long post ${i}`, description: `Long ${i}`, content: long });
    const res = await get('/rss/blog.xml');
    expect(res.rawPayload.length).toBeLessThan(1_000_000);
    const items = [...res.body.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!);
    expect(items.filter((i) => i.includes('<content:encoded>')).length).toBeGreaterThan(0);
    expect(items.filter((i) => !i.includes('<content:encoded>')).length).toBeGreaterThan(0);
    expect(items.every((i) => i.includes('<description>'))).toBe(true);
  });
});

describe('sitemap index (split at a lowered bound of 3 addresses a file)', () => {
  it('lists files of at most 3 posts that together name every published post once', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const files = [...index.body.matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map((m) => m[1]!);
    const published = Number((await t.db.query<{ n: string }>("SELECT count(*) AS n FROM posts WHERE status = 'published'")).rows[0]!.n);
    expect(files).toEqual([
      `${SITE}/sitemaps/pages.xml`,
      ...Array.from({ length: Math.ceil(published / 3) }, (_, i) => `${SITE}/sitemaps/posts-${i + 1}.xml`),
    ]);
    const seen: string[] = [];
    for (const file of files.slice(1)) {
      const res = await get(file.slice(SITE.length));
      expect(res.statusCode, file).toBe(200);
      const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(locs.length, file).toBeGreaterThan(0);
      expect(locs.length, file).toBeLessThanOrEqual(3);
      seen.push(...locs);
    }
    expect(seen).toHaveLength(published);
    expect(new Set(seen).size).toBe(published);
    expect(seen).toContain(`${SITE}/blog/${article.slug}`);
    expect((await get(`/sitemaps/posts-${files.length}.xml`)).statusCode).toBe(404);
  });
});

describe('public copies are kept under one key per answer (issue 32)', () => {
  it('unknown parameters, campaign tags and another parameter order find the copy: no rebuild', async () => {
    const reads: [string, string[]][] = [
      [
        '/api/blog/posts?post_type=blog&limit=9',
        [
          '/api/blog/posts?post_type=blog&limit=9&x=1',
          '/api/blog/posts?limit=9&post_type=blog',
          '/api/blog/posts?post_type=blog&limit=09',
          '/api/blog/posts?post_type=blog&limit=9&page=1',
          '/api/blog/posts?utm_source=news&post_type=blog&limit=9',
        ],
      ],
      ['/api/tokens/packages', ['/api/tokens/packages?x=1', '/api/tokens/packages?utm_source=news&utm_medium=mail']],
      ['/sitemap.xml', ['/sitemap.xml?x=1', '/sitemap.xml?utm_source=a']],
      ['/rss/blog.xml', ['/rss/blog.xml?x=2']],
      ['/pricing', ['/pricing?utm_source=news', '/pricing?x=1&y=2']],
      ['/blog', ['/blog?utm_source=news', '/blog?fbclid=abc']],
      [`/blog/${article.slug}`, [`/blog/${article.slug}?utm_source=news`, `/blog/${article.slug.replace(/^l/, '%6C')}`]],
    ];
    const first = new Map<string, string>();
    for (const [url] of reads) first.set(url, (await get(url)).body);
    // Every post title and package name changed where no notification tells the copies.
    await unannounced("UPDATE posts SET title = title || ' (changed)', description = description || ' (changed)'", []);
    await unannounced("UPDATE token_packages SET name = name || ' (changed)'", []);
    try {
      for (const [url, others] of reads) {
        for (const other of others) {
          const res = await get(other);
          expect(res.statusCode, other).toBe(200);
          expect(res.body, `${other} was built afresh instead of answered from ${url}'s copy`).toBe(first.get(url));
        }
      }
    } finally {
      // Put back unannounced too: a notification arriving during the next test would drop its copies.
      await unannounced(
        "UPDATE posts SET title = replace(title, ' (changed)', ''), description = replace(description, ' (changed)', '')",
        [],
      );
      await unannounced("UPDATE token_packages SET name = replace(name, ' (changed)', '')", []);
    }
  });

  it("a flood of made-up parameters adds no copies: the readers' copies stay", async () => {
    const url = '/api/tokens/packages';
    const before = (await get(url)).body;
    await unannounced("UPDATE token_packages SET name = name || ' (flood)'", []);
    try {
      // Well inside the copies' minute of life, even on a loaded machine.
      await Promise.all(Array.from({ length: 120 }, (_, i) => get(`/api/blog/posts?post_type=blog&limit=9&cachebust=${i}`)));
      await Promise.all(Array.from({ length: 120 }, (_, i) => get(`/sitemap.xml?cachebust=${i}`)));
      expect((await get(url)).body).toBe(before);
    } finally {
      await unannounced("UPDATE token_packages SET name = replace(name, ' (flood)', '')", []);
    }
  });
});
