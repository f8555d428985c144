import { basicAuthorization, TAG_MSG, type AdminTag, type PostSaved } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorTestApp, type TestApp } from '../../../test/test-app.ts';
import { tagSlug } from './slugs.ts';

/** Tags (issue 30, decision 204): operators' CRUD, assignment, the public tag page and feed, the sitemap, the list filters. */
const ADMIN = { username: 'tag-ops', password: 'Tag-Editor-Pass-2026' };
const asAdmin = { authorization: basicAuthorization(ADMIN.username, ADMIN.password) };
let t: TestApp;
beforeAll(async () => {
  t = await createOperatorTestApp(ADMIN);
});
afterAll(() => t.close());

const createTag = (name: string) => t.app.inject({ method: 'POST', url: '/api/blog/admin/tags', headers: asAdmin, payload: { name } });
const tag = async (name: string) => {
  const res = await createTag(name);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminTag>();
};
const post = async (over: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blog/admin/posts',
    headers: asAdmin,
    payload: { title: 'Tagged post', content: '<p>Text.</p>', post_type: 'blog', ...over },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PostSaved>();
};
const get = (url: string) => t.app.inject({ method: 'GET', url });
const adminList = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/blog/admin/posts?${query}`, headers: asAdmin });
  expect(res.statusCode, res.body).toBe(200);
  return {
    titles: res.json<{ posts: { title: string }[] }>().posts.map((p) => p.title),
    total: res.headers['x-total-count'],
    next: res.headers['x-next-cursor'],
  };
};

describe('tag slugs', () => {
  it('are transliterated, never empty', () => {
    expect(tagSlug('Straße & Co')).toBe('strasse-and-co');
    expect(tagSlug('Ciência Aberta')).toBe('ciencia-aberta');
    expect(tagSlug('Патенты')).toBe('patenty');
    expect(tagSlug('Łódź')).toBe('lodz');
    expect(tagSlug('!!!')).toBe('tag');
  });
});

describe('tag CRUD', () => {
  it('creates a tag with a unique slug; a name used in any case is a 409', async () => {
    const a = await tag('Licensing');
    expect(a).toMatchObject({ name: 'Licensing', slug: 'licensing', post_count: 0 });
    const dup = await createTag('licensing');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe(TAG_MSG.nameTaken);
    // Another name, same slug: the next free one.
    expect((await tag('Licensing!')).slug).toBe('licensing-2');
  });

  it('two operators creating one name at the same moment get one tag', async () => {
    const results = await Promise.all([createTag('Racing'), createTag('racing'), createTag('RACING')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const list = await t.app.inject({ method: 'GET', url: '/api/blog/admin/tags?q=racing', headers: asAdmin });
    expect(list.json<{ tags: AdminTag[] }>().tags).toHaveLength(1);
  });

  it('refuses bad input with a clear detail, and strangers', async () => {
    for (const name of ['', '   ', 'x'.repeat(61), 'bad\u0000name']) {
      const res = await createTag(name);
      expect(res.statusCode, JSON.stringify(name)).toBe(422);
      expect(res.json().detail).toBeTruthy();
    }
    const anon = await t.app.inject({ method: 'POST', url: '/api/blog/admin/tags', payload: { name: 'Anon' } });
    expect(anon.statusCode).toBe(401);
  });

  it('renames a tag keeping its address unless a slug is given; taken names and slugs are 409; unknown ids 404', async () => {
    const a = await tag('Patents');
    const b = await tag('Trademarks');
    const put = (id: string, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/blog/admin/tags/${id}`, headers: asAdmin, payload });
    const renamed = await put(a.id, { name: 'Patent law' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Patent law', slug: 'patents' });
    expect((await put(a.id, { name: 'Patent law', slug: 'patent-law' })).json().slug).toBe('patent-law');
    expect((await put(a.id, { name: 'trademarks' })).statusCode).toBe(409);
    const slugTaken = await put(a.id, { name: 'Patent law', slug: b.slug });
    expect(slugTaken.statusCode).toBe(409);
    expect(slugTaken.json().detail).toBe(TAG_MSG.slugTaken);
    expect((await put(a.id, { name: 'x', slug: 'Not A Slug' })).statusCode).toBe(422);
    expect((await put('not-a-uuid', { name: 'x' })).statusCode).toBe(404);
    expect((await put('00000000-0000-4000-8000-000000000000', { name: 'x' })).statusCode).toBe(404);
    const audit = await t.db.query<{ action: string }>(`SELECT action FROM operator_audit_log WHERE target = $1 ORDER BY id`, [
      `tag:${a.id}`,
    ]);
    expect(audit.rows.map((r) => r.action)).toEqual(['tag.create', 'tag.update', 'tag.update']);
  });
});

describe('tags on posts', () => {
  it('assigns several tags, keeps them when tag_ids is omitted, replaces them when given, and a deleted tag leaves its posts', async () => {
    const a = await tag('Assign A');
    const b = await tag('Assign B');
    const p = await post({ title: 'Assigned', tag_ids: [b.id, a.id, a.id] });
    expect(p.tags.map((x) => x.name)).toEqual(['Assign A', 'Assign B']);
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/blog/admin/posts/${p.id}`,
        headers: asAdmin,
        payload: { title: 'Assigned', content: '<p>Text.</p>', post_type: 'blog', ...payload },
      });
    expect((await put({})).json<PostSaved>().tags).toHaveLength(2);
    expect((await put({ tag_ids: [b.id] })).json<PostSaved>().tags.map((x) => x.name)).toEqual(['Assign B']);
    const read = await t.app.inject({ method: 'GET', url: `/api/blog/admin/posts/${p.id}`, headers: asAdmin });
    expect(read.json().tags.map((x: { id: string }) => x.id)).toEqual([b.id]);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/blog/admin/tags/${b.id}`, headers: asAdmin });
    expect(del.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `/api/blog/admin/posts/${p.id}`, headers: asAdmin });
    expect(after.statusCode).toBe(200);
    expect(after.json().tags).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/blog/admin/tags/${b.id}`, headers: asAdmin })).statusCode).toBe(404);
  });

  it('refuses a tag that does not exist (422, nothing saved) and more than 20 tags', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blog/admin/posts',
      headers: asAdmin,
      payload: { title: 'Ghost tag', content: '<p>x</p>', tag_ids: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(TAG_MSG.unknownOnPost);
    expect((await t.db.query(`SELECT 1 FROM posts WHERE title = 'Ghost tag'`)).rows).toHaveLength(0);
    const junk = await t.app.inject({
      method: 'POST',
      url: '/api/blog/admin/posts',
      headers: asAdmin,
      payload: { title: 'Junk', content: '<p>x</p>', tag_ids: ['nope'] },
    });
    expect(junk.statusCode).toBe(422);
    const many = await t.app.inject({
      method: 'POST',
      url: '/api/blog/admin/posts',
      headers: asAdmin,
      payload: { title: 'Many', content: '<p>x</p>', tag_ids: Array.from({ length: 21 }, (_, i) => `id-${i}`) },
    });
    expect(many.statusCode).toBe(422);
  });
});

describe('the public tag page, feed and sitemap', () => {
  it('lists the published blog posts of a tag, paged, with the tag on each post page and its own feed', async () => {
    const ip = await tag('Public IP');
    const other = await tag('Elsewhere');
    for (let i = 1; i <= 11; i++) await post({ title: `Public tagged ${i}`, status: 'published', tag_ids: [ip.id] });
    await post({ title: 'Draft tagged', tag_ids: [ip.id] });
    await post({ title: 'Press tagged', post_type: 'press_release', status: 'published', tag_ids: [ip.id] });
    await post({ title: 'Other tag', status: 'published', tag_ids: [other.id] });

    const page1 = await get(`/api/blog/tags/${ip.slug}`);
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body.tag).toEqual({ name: 'Public IP', slug: 'public-ip' });
    expect(body.total).toBe(11);
    expect(body.pages).toBe(2);
    expect(body.posts.map((p: { title: string }) => p.title)).toEqual(Array.from({ length: 9 }, (_, i) => `Public tagged ${11 - i}`));
    expect((await get(`/api/blog/tags/${ip.slug}?page=2`)).json().posts).toHaveLength(2);

    // The post page carries its tags, linking to the tag page.
    const read = await get('/api/blog/posts/public-tagged-1?post_type=blog');
    expect(read.json().tags).toEqual([expect.objectContaining({ name: 'Public IP', slug: 'public-ip' })]);

    const html = await get('/blog/tag/public-ip');
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain(`<link rel="canonical" href="${siteBase()}/blog/tag/public-ip" />`);
    expect(html.body).toContain('href="/blog/tag/public-ip/rss.xml"');
    expect(html.body).toContain('Articles tagged “Public IP”');
    const second = await get('/blog/tag/public-ip?page=2');
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain(`<link rel="canonical" href="${siteBase()}/blog/tag/public-ip?page=2" />`);
    expect((await get('/blog/tag/public-ip?page=3')).statusCode).toBe(404);
    const redirect = await get('/blog/tag/public-ip?page=1');
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/blog/tag/public-ip');

    const feed = await get('/blog/tag/public-ip/rss.xml');
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('application/rss+xml');
    expect(feed.body).toContain('<title>Assay Blog: Public IP</title>');
    expect(feed.body).toContain(`<atom:link href="${siteBase()}/blog/tag/public-ip/rss.xml"`);
    const items = [...feed.body.matchAll(/<item>\s*<title>([^<]*)<\/title>/g)].map((m) => m[1]);
    expect(items).toEqual(Array.from({ length: 11 }, (_, i) => `Public tagged ${11 - i}`));

    const pages = await get('/sitemaps/pages.xml');
    expect(pages.body).toContain(`<loc>${siteBase()}/blog/tag/public-ip</loc>`);
    expect(pages.body).toContain(`<loc>${siteBase()}/blog/tag/elsewhere</loc>`);
  });

  it('an unknown tag is a 404 for its page, read and feed; a tag without published posts is an empty page, not in the sitemap', async () => {
    expect((await get('/api/blog/tags/no-such-tag')).statusCode).toBe(404);
    expect((await get('/api/blog/tags/no-such-tag')).json().detail).toBe(TAG_MSG.notFound);
    expect((await get('/blog/tag/no-such-tag')).statusCode).toBe(404);
    expect((await get('/blog/tag/no-such-tag/rss.xml')).statusCode).toBe(404);
    expect((await get('/blog/tag/%00')).statusCode).toBe(404);
    // Longer than any slug: refused before any handler (Fastify's parameter bound).
    expect((await get(`/blog/tag/${'a'.repeat(300)}`)).statusCode).toBe(414);
    const empty = await tag('Empty tag');
    const read = await get(`/api/blog/tags/${empty.slug}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ total: 0, posts: [], pages: 1 });
    expect((await get('/sitemaps/pages.xml')).body).not.toContain('/blog/tag/empty-tag<');
  });

  it('drops the kept copies of the tag page, its read and the post page when a tag changes', async () => {
    const x = await tag('Cache me');
    await post({ title: 'Cached tagged post', status: 'published', tag_ids: [x.id] });
    expect((await get(`/api/blog/tags/${x.slug}`)).json().tag.name).toBe('Cache me');
    expect((await get(`/blog/tag/${x.slug}`)).body).toContain('Cache me');
    expect((await get('/api/blog/posts/cached-tagged-post?post_type=blog')).json().tags[0].name).toBe('Cache me');
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/blog/admin/tags/${x.id}`,
      headers: asAdmin,
      payload: { name: 'Cached renamed' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await get(`/api/blog/tags/${x.slug}`)).json().tag.name).toBe('Cached renamed');
    expect((await get(`/blog/tag/${x.slug}`)).body).toContain('Cached renamed');
    expect((await get('/api/blog/posts/cached-tagged-post?post_type=blog')).json().tags[0].name).toBe('Cached renamed');
    await t.app.inject({ method: 'DELETE', url: `/api/blog/admin/tags/${x.id}`, headers: asAdmin });
    expect((await get(`/api/blog/tags/${x.slug}`)).statusCode).toBe(404);
    expect((await get(`/blog/tag/${x.slug}`)).statusCode).toBe(404);
    expect((await get('/api/blog/posts/cached-tagged-post?post_type=blog')).json().tags).toEqual([]);
  });
});

describe("the operators' list filters", () => {
  it('filters by status (draft, scheduled, published), tag and words, with the true total on the first page', async () => {
    const f = await tag('Filter tag');
    const future = new Date(Date.now() + 86_400_000).toISOString();
    for (let i = 1; i <= 3; i++) await post({ title: `Flt draft ${i}`, post_type: 'press_release', tag_ids: [f.id] });
    await post({ title: 'Flt scheduled', post_type: 'press_release', publish_at: future, tag_ids: [f.id] });
    await post({ title: 'Flt published', post_type: 'press_release', status: 'published' });
    await post({ title: 'Flt published tagged', post_type: 'press_release', status: 'published', tag_ids: [f.id] });
    const base = 'post_type=press_release&q=flt';
    expect((await adminList(`${base}&status=draft`)).titles.sort()).toEqual(['Flt draft 1', 'Flt draft 2', 'Flt draft 3']);
    expect((await adminList(`${base}&status=scheduled`)).titles).toEqual(['Flt scheduled']);
    expect((await adminList(`${base}&status=published`)).titles.sort()).toEqual(['Flt published', 'Flt published tagged']);
    expect((await adminList(`${base}&tag=${f.id}`)).total).toBe('5');
    expect((await adminList(`${base}&tag=${f.id}&status=published`)).titles).toEqual(['Flt published tagged']);
    // A page of 2 out of 5: the total is the filter's, not the page's.
    const page = await adminList(`${base}&tag=${f.id}&limit=2`);
    expect(page.titles).toHaveLength(2);
    expect(page.total).toBe('5');
    expect(page.next).toBeTruthy();
    const rest = await adminList(`${base}&tag=${f.id}&limit=2&cursor=${page.next}`);
    expect(rest.titles).toHaveLength(2);
    expect(rest.total).toBeUndefined();
    expect((await adminList(`${base}&tag=not-a-uuid`)).titles).toEqual([]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/blog/admin/posts?status=archived', headers: asAdmin });
    expect(bad.statusCode).toBe(422);
  });
});

const siteBase = () => t.config.PUBLIC_URL.replace(/\/+$/, '');
