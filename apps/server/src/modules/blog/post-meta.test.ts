import { basicAuthorization, POST_EDITOR_MSG, type AdminPost, type Post, type PostSaved } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Named authors, the publication date, the feature image's alt text and caption, and the canonical
 * and social-card overrides (issue 30, decision 206): what a save accepts and refuses, and what the
 * post's page head, its public read, the feed and the sitemap then say.
 */
const ADMIN = { username: 'meta-ana', password: 'Meta-Editor-Pass-2026' };
const asAdmin = { authorization: basicAuthorization(ADMIN.username, ADMIN.password) };
const SITE = 'https://assay.example';
let t: TestApp;
let ana: string;
let ben: string;

beforeAll(async () => {
  t = await createOperatorTestApp(ADMIN, { PUBLIC_URL: `${SITE}/` });
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/admin/operators',
    headers: asAdmin,
    payload: { username: 'meta-ben', password: 'Meta-Second-Pass-2026', display_name: 'Ben Example' },
  });
  expect(made.statusCode, made.body).toBe(201);
  ben = made.json<{ id: string }>().id;
  ana = (await t.db.query<{ id: string }>('SELECT id FROM operators WHERE username = $1', [ADMIN.username])).rows[0]!.id;
  const named = await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/operators/${ana}`,
    headers: asAdmin,
    payload: { display_name: 'Ana Example' },
  });
  expect(named.statusCode, named.body).toBe(200);
});
afterAll(() => t.close());

let n = 0;
const body = (over: Record<string, unknown> = {}) => ({
  title: `Meta post ${++n}`,
  content: '<p>Some text.</p>',
  post_type: 'blog',
  ...over,
});
const post = (over: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/blog/admin/posts', headers: asAdmin, payload: body(over) });
const create = async (over: Record<string, unknown> = {}) => {
  const res = await post(over);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PostSaved>();
};
const put = (p: AdminPost, over: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/blog/admin/posts/${p.id}`,
    headers: asAdmin,
    payload: { ...body({ title: p.title }), version: p.version, ...over },
  });
const page = async (slug: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/blog/${slug}`, headers: { 'user-agent': 'Googlebot/2.1' } });
  expect(res.statusCode).toBe(200);
  return res.body.slice(0, res.body.indexOf('</head>'));
};
const metas = (head: string, attr: 'name' | 'property', key: string) =>
  [...head.matchAll(new RegExp(`<meta ${attr}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`, 'g'))].map((m) => m[1]!);
const feed = async () => (await t.app.inject({ method: 'GET', url: '/rss/blog.xml' })).body;
const itemOf = (xml: string, slug: string) => {
  const at = xml.indexOf(`<link>${SITE}/blog/${slug}</link>`);
  expect(at, slug).toBeGreaterThan(0);
  return xml.slice(xml.lastIndexOf('<item>', at), xml.indexOf('</item>', at));
};

describe('named authors', () => {
  it('names operator accounts as authors, in order: the byline, the public read, the page head and the feed', async () => {
    const p = await create({ status: 'published', author_ids: [ben, ana] });
    expect(p.author_name).toBe('Ben Example and Ana Example');
    expect(p.author_ids).toEqual([ben, ana]);
    expect(p.authors).toEqual(['Ben Example', 'Ana Example']);
    const read = await t.app.inject({ method: 'GET', url: `/api/blog/posts/${p.slug}` });
    expect(read.json<Post>().authors).toEqual(['Ben Example', 'Ana Example']);
    expect(read.json<Post>().author_name).toBe('Ben Example and Ana Example');
    const head = await page(p.slug);
    expect(metas(head, 'property', 'article:author')).toEqual(['Ben Example', 'Ana Example']);
    expect(head).toContain('"author":[{"@type":"Person","name":"Ben Example"},{"@type":"Person","name":"Ana Example"}]');
    const item = itemOf(await feed(), p.slug);
    expect(item.match(/<dc:creator>[^<]*<\/dc:creator>/g)).toEqual([
      '<dc:creator>Ben Example</dc:creator>',
      '<dc:creator>Ana Example</dc:creator>',
    ]);
    // A sign-in username is half of an operator's credentials: no reader ever sees one.
    for (const text of [read.body, head, item]) expect(text).not.toMatch(/meta-ben|meta-ana/);
  });

  it('refuses an author who has no public name yet, saying where to set one, and saves nothing', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/operators',
      headers: asAdmin,
      payload: { username: 'meta-cy', password: 'Meta-Third-Pass-2026' },
    });
    const cy = made.json<{ id: string }>().id;
    const before = (await t.db.query('SELECT count(*)::int AS n FROM posts')).rows[0];
    const res = await post({ status: 'published', author_ids: [ben, cy] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'author_without_public_name', detail: expect.stringContaining('public name') });
    expect((await t.db.query('SELECT count(*)::int AS n FROM posts')).rows[0]).toEqual(before);
  });

  it('keeps a byline the operator typed, keeps the authors when a PUT leaves them out, and clears them with []', async () => {
    const p = await create({ author_ids: [ana], author_name: 'Dr Ana Example' });
    expect(p.author_name).toBe('Dr Ana Example');
    const kept = await put(p, { title: p.title });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<PostSaved>().author_ids).toEqual([ana]);
    expect(kept.json<PostSaved>().author_name).toBe('Dr Ana Example');
    const cleared = await put(kept.json<PostSaved>(), { author_ids: [] });
    expect(cleared.json<PostSaved>().author_ids).toEqual([]);
    expect(cleared.json<PostSaved>().author_name).toBe('Admin');
  });

  it('refuses an unknown account, a repeated one, or something that is not an id, with a clear detail', async () => {
    const unknown = await post({ author_ids: ['00000000-0000-4000-8000-000000000000'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ detail: string }>().detail).toBe(POST_EDITOR_MSG.postAuthorUnknown);
    const twice = await post({ author_ids: [ana, ana.toUpperCase()] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json<{ detail: string }>().detail).toBe(POST_EDITOR_MSG.postAuthorRepeated);
    const junk = await post({ author_ids: ["1' OR '1'='1"] });
    expect(junk.statusCode).toBe(422);
    expect(junk.json<{ detail: string }>().detail).toMatch(/operator accounts/);
    const many = await post({ author_ids: Array.from({ length: 11 }, () => ana) });
    expect(many.statusCode).toBe(422);
    expect((await t.db.query('SELECT 1 FROM posts WHERE title = $1', [`Meta post ${n}`])).rows).toHaveLength(0);
  });
});

describe('publication date', () => {
  it('backdates a published post: the post, its page, the feed order and the sitemap order follow', async () => {
    const older = await create({ status: 'published' });
    const newer = await create({ status: 'published' });
    const res = await put(older, { published_at: '2020-02-03T04:05:06Z' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PostSaved>().published_at).toBe('2020-02-03T04:05:06.000Z');
    const moved = await put(newer, { published_at: '2019-01-01T00:00:00+02:00' });
    expect(moved.json<PostSaved>().published_at).toBe('2018-12-31T22:00:00.000Z');
    expect(metas(await page(older.slug), 'property', 'article:published_time')).toEqual(['2020-02-03T04:05:06.000Z']);
    const xml = await feed();
    expect(itemOf(xml, older.slug)).toContain('<pubDate>Mon, 03 Feb 2020 04:05:06 GMT</pubDate>');
    expect(xml.indexOf(`/blog/${older.slug}<`)).toBeLessThan(xml.indexOf(`/blog/${newer.slug}<`));
    const sitemap = (await t.app.inject({ method: 'GET', url: '/sitemaps/posts-1.xml' })).body;
    // Oldest first: the one now dated 2018 comes before the one dated 2020.
    expect(sitemap.indexOf(`/blog/${newer.slug}<`)).toBeLessThan(sitemap.indexOf(`/blog/${older.slug}<`));
  });

  it('refuses a future date on a published post (that is a schedule), and a date on a draft', async () => {
    const p = await create({ status: 'published' });
    const future = await put(p, { published_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect(future.statusCode).toBe(422);
    expect(future.json<{ detail: string }>().detail).toBe(POST_EDITOR_MSG.postPublishedAtFuture);
    expect(future.json<{ detail: string }>().detail).toMatch(/schedule/);
    const draft = await create();
    const onDraft = await put(draft, { published_at: '2020-01-01T00:00:00Z' });
    expect(onDraft.statusCode).toBe(422);
    expect(onDraft.json<{ detail: string }>().detail).toBe(POST_EDITOR_MSG.postPublishedAtDraft);
    const notADate = await put(p, { published_at: 'yesterday' });
    expect(notADate.statusCode).toBe(422);
    expect(notADate.json<{ detail: string }>().detail).toMatch(/date and time/);
  });

  it('a post published with a past date in the same request carries it; publishing without one keeps now', async () => {
    const p = await create({ status: 'published', published_at: '2021-06-01T10:00:00Z' });
    expect(p.published_at).toBe('2021-06-01T10:00:00.000Z');
    const plain = await create({ status: 'published' });
    expect(Date.now() - Date.parse(plain.published_at!)).toBeLessThan(60_000);
  });
});

describe('feature image alt text and caption', () => {
  it('refuses a picture without alt text unless decorative; an autosave of a draft is let through', async () => {
    const missing = await post({ image_url: '/media/a.webp' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ detail: string }>().detail).toBe(POST_EDITOR_MSG.postImageAltRequired);
    const blank = await post({ image_url: '/media/a.webp', image_alt: '   ' });
    expect(blank.statusCode).toBe(422);
    const decorative = await create({ image_url: '/media/a.webp', image_decorative: true });
    expect(decorative.image_decorative).toBe(true);
    const draft = await create();
    const autosave = await put(draft, { image_url: '/media/b.webp', autosave: true });
    expect(autosave.statusCode, autosave.body).toBe(200);
    const save = await put(autosave.json<PostSaved>(), { image_url: '/media/b.webp' });
    expect(save.statusCode).toBe(422);
    // An outside press-release address is a link to an article, not a picture.
    const press = await post({ post_type: 'press_release', image_url: 'https://news.example.com/story' });
    expect(press.statusCode, press.body).toBe(201);
  });

  it('refuses alt text and captions over their length, or with control characters', async () => {
    const long = await post({ image_url: '/media/a.webp', image_alt: 'a'.repeat(301) });
    expect(long.statusCode).toBe(422);
    expect(long.json<{ detail: string }>().detail).toMatch(/Alt text must be at most 300/);
    const ctl = await post({ image_url: '/media/a.webp', image_alt: 'ok', image_caption: 'line\u0000break' });
    expect(ctl.statusCode).toBe(422);
  });

  it('uses the alt text for og:image:alt and the feed picture, escaped, and gives the page read the caption', async () => {
    const alt = 'A chart "of" <script>alert(1)</script> & more';
    const caption = '<img src=x onerror=alert(1)> Source: lab';
    const p = await create({ status: 'published', image_url: '/media/chart.webp', image_alt: alt, image_caption: caption });
    const head = await page(p.slug);
    expect(head).not.toContain('<script>alert(1)');
    expect(metas(head, 'property', 'og:image:alt')).toEqual(['A chart &quot;of&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; more']);
    expect(metas(head, 'name', 'twitter:image:alt')).toEqual(['A chart &quot;of&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; more']);
    const read = (await t.app.inject({ method: 'GET', url: `/api/blog/posts/${p.slug}` })).json<Post>();
    expect(read).toMatchObject({ image_alt: alt, image_caption: caption, image_decorative: false });
    const item = itemOf(await feed(), p.slug);
    // The body is escaped once for XML: the picture's alt inside it twice.
    expect(item).toContain(
      'alt=&quot;A chart &amp;quot;of&amp;quot; &amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt; &amp;amp; more&quot;',
    );
    expect(item).not.toContain('<script>');
    const decorative = await create({ status: 'published', image_url: '/media/deco.webp', image_decorative: true, image_alt: 'ignored' });
    expect(itemOf(await feed(), decorative.slug)).toContain('alt=&quot;&quot;');
    expect(metas(await page(decorative.slug), 'property', 'og:image:alt')).toEqual([decorative.title]);
  });
});

describe('canonical URL and social overrides', () => {
  it('refuses a canonical address that is not absolute https, with a clear detail', async () => {
    for (const bad of [
      'http://example.com/a',
      'javascript:alert(1)',
      '//example.com/a',
      '/blog/a',
      'https://user:pw@example.com/a',
      'https://exa mple.com',
      'ftp://example.com',
    ]) {
      const res = await post({ canonical_url: bad });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json<{ detail: string }>().detail, bad).toBe(POST_EDITOR_MSG.postCanonicalInvalid);
    }
    const badImage = await post({ og_image_url: 'javascript:alert(1)' });
    expect(badImage.statusCode).toBe(422);
    const badTwitter = await post({ twitter_image_url: 'data:image/png;base64,AAAA' });
    expect(badTwitter.statusCode).toBe(422);
  });

  it('renders the overrides in the head, each falling back to the SEO title, description and feature image', async () => {
    const p = await create({
      status: 'published',
      title: 'Plain title',
      description: 'Plain description',
      meta_title: 'SEO title',
      image_url: '/media/feature.webp',
      image_alt: 'Feature',
      canonical_url: 'https://elsewhere.example/original?x=1&y=2',
      og_title: 'OG title',
      og_image_url: '/media/og.webp',
      twitter_description: 'Tweet text',
    });
    const head = await page(p.slug);
    expect(head).toContain('<link rel="canonical" href="https://elsewhere.example/original?x=1&amp;y=2" />');
    expect(metas(head, 'property', 'og:url')).toEqual(['https://elsewhere.example/original?x=1&amp;y=2']);
    expect(head).toContain('<title>SEO title</title>');
    expect(metas(head, 'property', 'og:title')).toEqual(['OG title']);
    expect(metas(head, 'property', 'og:description')).toEqual(['Plain description']);
    expect(metas(head, 'property', 'og:image')).toEqual([`${SITE}/media/og.webp`]);
    expect(metas(head, 'name', 'twitter:title')).toEqual(['OG title']);
    expect(metas(head, 'name', 'twitter:description')).toEqual(['Tweet text']);
    expect(metas(head, 'name', 'twitter:image')).toEqual([`${SITE}/media/og.webp`]);

    const plain = await create({
      status: 'published',
      meta_title: 'Only SEO',
      meta_description: 'SEO description',
      image_url: '/media/f.webp',
      image_alt: 'F',
    });
    const h2 = await page(plain.slug);
    expect(h2).toContain(`<link rel="canonical" href="${SITE}/blog/${plain.slug}" />`);
    expect(metas(h2, 'property', 'og:title')).toEqual(['Only SEO']);
    expect(metas(h2, 'name', 'twitter:description')).toEqual(['SEO description']);
    expect(metas(h2, 'property', 'og:image')).toEqual([`${SITE}/media/f.webp`]);
    expect(metas(h2, 'property', 'og:image:alt')).toEqual(['F']);
  });

  it('escapes overrides that try to break out of the head', async () => {
    const evil = '"><script>alert(1)</script><meta x="';
    const p = await create({
      status: 'published',
      og_title: evil,
      og_description: evil,
      twitter_title: evil,
      twitter_description: evil,
      canonical_url: 'https://x.example/"><script>alert(1)</script>',
    });
    const head = await page(p.slug);
    expect(head).not.toMatch(/<script>alert/);
    expect(metas(head, 'property', 'og:title')).toEqual(['&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;meta x=&quot;']);
    expect(metas(head, 'name', 'twitter:description')).toHaveLength(1);
  });

  it('keeps overrides a PUT leaves out and clears those it sends empty', async () => {
    const p = await create({ og_title: 'Kept', twitter_title: 'Cleared', canonical_url: 'https://a.example/x' });
    const res = await put(p, { twitter_title: '', canonical_url: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PostSaved>()).toMatchObject({ og_title: 'Kept', twitter_title: null, canonical_url: null });
  });
});
