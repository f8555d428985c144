import { basicAuthorization, type Post, type PostListResponse, type TokenPackage } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorTestApp, type TestApp } from '../../../test/test-app.ts';
import { buildWebForTests } from '../../../test/web-build.ts';

const ADMIN = { username: 'render-admin', password: 'Render-Admin-Pass-1' };
const asAdmin = { authorization: basicAuthorization(ADMIN.username, ADMIN.password) };
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' };

let t: TestApp;
let web: Awaited<ReturnType<typeof buildWebForTests>>;

beforeAll(async () => {
  web = await buildWebForTests();
  t = await createOperatorTestApp(ADMIN, {}, { webDistDir: web.webDistDir });
}, 120_000);
afterAll(async () => {
  await t?.close();
  web?.remove();
});

/** A visitor's request, from an address other than the server's own (its render's reads come from loopback). */
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...BROWSER, ...headers }, remoteAddress: '203.0.113.7' });
/** What is inside `<div id="root">`, and the data the page was rendered with. */
const rendered = (html: string) => {
  const root = /<div id="root">([\s\S]*)<\/div><script type="application\/json" id="assay-state">/.exec(html)?.[1];
  const state = /<script type="application\/json" id="assay-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return {
    root: root ?? '',
    state: state ? (JSON.parse(state) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] }) : undefined,
  };
};
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

describe('public pages rendered on the server', () => {
  it('/ holds the home page, its data, and no preload of reads it already carries', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const { root, state } = rendered(res.body);
    expect(text(root)).toContain('Know what your invention is worth — before you pitch it');
    expect(root).toContain('Generate your assessment');
    expect(state!.queries.map((q) => q.queryKey)).toEqual([['site-config']]);
    expect(res.body).not.toContain('rel="preload" as="fetch"');
    // No script the page's CSP would refuse: the schema.org data (a data block, never run), the app's module and the render's data.
    expect(res.body.match(/<script\b[^>]*>/g)).toEqual([
      '<script type="application/ld+json">',
      '<script type="module" crossorigin src="/assets/index-abc.js">',
      '<script type="application/json" id="assay-state">',
    ]);
  });

  it('/pricing shows each package with its price, from the packages read', async () => {
    const packages = (await get('/api/tokens/packages')).json<TokenPackage[]>();
    expect(packages.length).toBeGreaterThan(0);
    const { root, state } = rendered((await get('/pricing')).body);
    for (const p of packages) {
      expect(text(root)).toContain(p.name);
      expect(text(root)).toContain(`$${p.price_usd.toFixed(2)}`);
    }
    expect(state!.queries.find((q) => q.queryKey[1] === 'packages')?.state.data).toEqual(packages);
  });

  it('/blog shows the first page of posts and the featured ones, with both reads in its data', async () => {
    const list = (await get('/api/blog/posts?post_type=blog&limit=9')).json<PostListResponse>();
    expect(list.posts.length).toBeGreaterThan(0);
    const res = await get('/blog');
    const { root, state } = rendered(res.body);
    for (const p of list.posts) expect(text(root)).toContain(p.title);
    expect(state!.queries.map((q) => q.queryKey)).toEqual(
      expect.arrayContaining([['posts', 'blog', 'list', { page: 1, q: '' }], ['posts', 'blog', 'featured'], ['site-config']]),
    );
    expect(res.body).toContain('<link rel="alternate" type="application/rss+xml"');
  });

  it('a post shows its title and body, counts the reader once, and shows an edit on the next request', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/blog/admin/posts',
      headers: asAdmin,
      payload: {
        title: 'Rendered on the server',
        description: 'A post for the render test',
        content: '<p>The first body of the post.</p>',
        status: 'published',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json<Post>();
    const first = await get(`/blog/${post.slug}`);
    expect(first.statusCode).toBe(200);
    const before = rendered(first.body);
    expect(before.root).toContain('Rendered on the server');
    expect(before.root).toContain('<p>The first body of the post.</p>');
    expect(before.state!.queries.find((q) => q.queryKey[2] === 'detail')?.queryKey).toEqual(['posts', 'blog', 'detail', post.slug]);
    expect(first.body).toContain('<title>Rendered on the server</title>');

    // Kept (or rendered again from the same data: the same bytes), with its validator: a 304 for a browser that has it.
    const again = await get(`/blog/${post.slug}`);
    expect(again.body).toBe(first.body);
    expect((await get(`/blog/${post.slug}`, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
    // Three page reads by one visitor, and the render's own read of the post: one view.
    await t.app.postViews.flush();
    const views = await t.db.query<{ view_count: number }>('SELECT view_count FROM posts WHERE id = $1', [post.id]);
    expect(views.rows[0]!.view_count).toBe(1);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/blog/admin/posts/${post.id}`,
      headers: asAdmin,
      payload: { title: 'Rendered again after an edit', description: 'A post for the render test', content: '<p>The edited body.</p>' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = rendered((await get(`/blog/${post.slug}`)).body);
    expect(after.root).toContain('Rendered again after an edit');
    expect(after.root).toContain('<p>The edited body.</p>');
    expect(after.root).not.toContain('The first body of the post.');
  });

  it('/pricing shows a package changed in the database on its next request', async () => {
    const [first] = (await get('/api/tokens/packages')).json<TokenPackage[]>();
    await get('/pricing');
    await t.db.query('UPDATE token_packages SET name = $2 WHERE id = $1', [first!.id, 'Renamed for the render']);
    await expect
      .poll(async () => text(rendered((await get('/pricing')).body).root), { timeout: 2000, interval: 20 })
      .toContain('Renamed for the render');
  });

  it('pages of members and unknown addresses are not rendered', async () => {
    for (const url of ['/reports', '/login', '/no-such-page']) {
      const res = await get(url);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('assay-state');
    }
    expect((await get('/no-such-page')).statusCode).toBe(404);
  });

  it('renders a page by its address and list page number alone: other parameters share that render, a search is not rendered', async () => {
    const pages = (await get('/api/blog/posts?post_type=blog&limit=9')).json<PostListResponse>().pages;
    const listUrl = pages > 1 ? '/blog?page=2' : '/blog';
    // Each would otherwise cost a render of its own: they are answered from their page's copy (decision 173).
    for (const [url, same] of [
      ['/?utm_source=mail', '/'],
      ['/pricing?x=1', '/pricing'],
      [`${listUrl}${pages > 1 ? '&' : '?'}ref=a`, listUrl],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('assay-state');
      expect(res.body, url).toBe((await get(same)).body);
    }
    const search = await get('/blog?q=patent');
    expect(search.statusCode).toBe(200);
    expect(search.body).toContain('<div id="root"></div>');
    expect(search.body).not.toContain('assay-state');
  });
});
