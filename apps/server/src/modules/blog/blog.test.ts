import { basicAuthorization, MSG, type Post, type PostInput, type PostListResponse } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOf, recordStatements } from '../../../test/plans.ts';
import { createOperatorTestApp, type TestApp } from '../../../test/test-app.ts';
import { listPublishedPosts } from './list-published-posts.ts';

const ADMIN = { username: 'editor', password: 'Editor-Pass-2025' };
const asAdmin = { authorization: basicAuthorization(ADMIN.username, ADMIN.password) };
let t: TestApp;
beforeAll(async () => {
  t = await createOperatorTestApp(ADMIN);
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/blog/posts?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PostListResponse>();
};
const read = (slug: string, headers: Record<string, string> = {}, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/blog/posts/${slug}${query}`, headers });

/** Creates a post through the operator API and, unless it is a draft, publishes it at the given moment. */
async function post(fields: Partial<PostInput> & { title: string }, publishedAt?: string): Promise<Post> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blog/admin/posts',
    headers: asAdmin,
    payload: { description: `About ${fields.title}`, content: `<p>${fields.title} body.</p>`, ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json<Post>();
  if (publishedAt) {
    await t.app.inject({ method: 'POST', url: `/api/blog/admin/posts/${created.id}/publish`, headers: asAdmin });
    await t.db.query('UPDATE posts SET published_at = $2 WHERE id = $1', [created.id, publishedAt]);
  }
  return created;
}
const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + n, 9)).toISOString();

describe('the content a fresh install starts with', () => {
  it('has published blog posts (one featured) and press releases, one of them linking out', async () => {
    const blog = await list('post_type=blog&limit=50');
    expect(blog.total).toBeGreaterThanOrEqual(4);
    expect(blog.posts.filter((p) => p.featured)).toHaveLength(1);
    const press = await list('post_type=press_release&limit=50');
    expect(press.total).toBeGreaterThanOrEqual(3);
    expect(press.posts.some((p) => p.image_url?.startsWith('http'))).toBe(true);
    const full = await read(blog.posts[0]!.slug);
    expect(full.json<Post>().content).toMatch(/<p>/);
  });
});

describe('public blog and press lists', () => {
  const blog: Post[] = [];
  beforeAll(async () => {
    await t.db.query('DELETE FROM posts');
    for (let i = 0; i < 12; i++) {
      blog.push(await post({ title: `Licensing note ${i}`, featured: i === 3 || i === 7 }, day(i)));
    }
    await post({ title: 'Press one', post_type: 'press_release' }, day(1));
    await post({ title: 'Press two', post_type: 'press_release' }, day(2));
    await post({ title: 'Unfinished draft about zebrafish', content: '<p>zebrafish</p>' });
  });

  it('pages published blog posts nine at a time, newest first, with total and page count', async () => {
    const first = await list('post_type=blog&page=1&limit=9');
    expect(first).toMatchObject({ total: 12, pages: 2, page: 1 });
    expect(first.posts.map((p) => p.title)).toEqual(Array.from({ length: 9 }, (_, i) => `Licensing note ${11 - i}`));
    expect(first.posts[0]).not.toHaveProperty('content');
    const second = await list('post_type=blog&page=2&limit=9');
    expect(second.posts.map((p) => p.title)).toEqual(['Licensing note 2', 'Licensing note 1', 'Licensing note 0']);
    const beyond = await list('post_type=blog&page=3&limit=9');
    expect(beyond).toMatchObject({ posts: [], total: 12, pages: 2, page: 3 });
  });

  it('uses the blog page size and post type by default', async () => {
    const res = await list('');
    expect(res.posts).toHaveLength(9);
    expect(res.posts.every((p) => p.post_type === 'blog')).toBe(true);
  });

  it('lists press releases separately, twelve to a page', async () => {
    const press = await list('post_type=press_release&page=1&limit=12');
    expect(press.posts.map((p) => p.title)).toEqual(['Press two', 'Press one']);
    expect(press.pages).toBe(1);
  });

  it('returns only featured posts when asked', async () => {
    const featured = await list('post_type=blog&featured_only=true&limit=3');
    expect(featured.posts.map((p) => p.title)).toEqual(['Licensing note 7', 'Licensing note 3']);
  });

  it('leaves out the post being read from related posts', async () => {
    const current = blog[11]!;
    const related = await list(`post_type=blog&limit=3&exclude=${current.slug}`);
    expect(related.posts).toHaveLength(3);
    expect(related.posts.map((p) => p.slug)).not.toContain(current.slug);
    expect(related.total).toBe(11);
  });

  it('hides drafts from lists and from the detail call', async () => {
    const all = await list('post_type=blog&limit=50');
    expect(all.posts.map((p) => p.title)).not.toContain('Unfinished draft about zebrafish');
    const res = await read('unfinished-draft-about-zebrafish');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(MSG.blogPostNotFound);
  });

  it('hides a post again once it is unpublished', async () => {
    const p = await post({ title: 'Briefly public' }, day(20));
    expect((await read(p.slug)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/blog/admin/posts/${p.id}/unpublish`, headers: asAdmin });
    expect((await read(p.slug)).statusCode).toBe(404);
    expect((await list('post_type=blog&limit=50')).posts.map((x) => x.slug)).not.toContain(p.slug);
    await t.db.query('DELETE FROM posts WHERE id = $1', [p.id]);
  });

  it('answers an unknown slug with 404 "Blog post not found"', async () => {
    const res = await read('no-such-post');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(MSG.blogPostNotFound);
  });

  it('refuses nonsense paging with a 422 rather than an error', async () => {
    for (const q of ['page=0', 'page=abc', 'limit=0', 'limit=500', 'post_type=news', 'featured_only=maybe']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/blog/posts?${q}` });
      expect(res.statusCode, q).toBe(422);
    }
  });
});

describe('full-text search', () => {
  beforeAll(async () => {
    await t.db.query('DELETE FROM posts');
    for (let i = 0; i < 11; i++) await post({ title: `Transfer diary ${i}` }, day(i));
    // The oldest post (last page) mentions the word only inside its HTML content.
    await t.db.query(
      `UPDATE posts SET content = '<p>Our <strong>pangolin</strong> sensor licences &amp; royalties</p>' WHERE title = 'Transfer diary 0'`,
    );
    await post({ title: 'Patent grace periods', description: 'When publishing first still works' }, day(30));
  });

  it('finds a word that appears only in the content, wherever the post is in the list', async () => {
    expect((await list('post_type=blog&page=1&limit=9')).posts.map((p) => p.title)).not.toContain('Transfer diary 0');
    const res = await list('post_type=blog&q=pangolin');
    expect(res.posts.map((p) => p.title)).toEqual(['Transfer diary 0']);
    expect(res.total).toBe(1);
  });

  it('matches word forms (licence → licences) and never words inside tags or entities', async () => {
    expect((await list('post_type=blog&q=licence')).posts.map((p) => p.title)).toEqual(['Transfer diary 0']);
    expect((await list('post_type=blog&q=strong')).total).toBe(0);
    expect((await list('post_type=blog&q=amp')).total).toBe(0);
  });

  it('searches titles and descriptions, including a half-typed word', async () => {
    expect((await list('post_type=blog&q=grace')).posts.map((p) => p.title)).toEqual(['Patent grace periods']);
    expect((await list('post_type=blog&q=publish')).posts.map((p) => p.title)).toEqual(['Patent grace periods']);
    expect((await list('post_type=blog&q=Pate')).posts.map((p) => p.title)).toEqual(['Patent grace periods']);
  });

  it('searches a text without 3 letters or digits in a row as whole words only, and looks a search up once through its indexes', async () => {
    // "Pa" has no trigram, so it is no substring search: only a whole word "pa" would match.
    expect((await list('post_type=blog&q=Pa')).total).toBe(0);
    expect((await list('post_type=blog&q=Pat')).posts.map((p) => p.title)).toEqual(['Patent grace periods']);
    const { result, sent } = await recordStatements(t.db, (db) =>
      listPublishedPosts(db, { post_type: 'blog', page: 1, limit: 5, q: 'diary' }),
    );
    expect(result.total).toBe(11);
    expect(sent).toHaveLength(1);
    // With a dozen posts the planner walks the published index; search-plans.pg.test.ts shows the
    // search's own indexes chosen at 20,000 posts. Here: the table is never read whole.
    expect(await planOf(t.db, sent[0]!)).not.toMatch(/Seq Scan on posts/);
  });

  it('pages search results and copes with any characters in the query', async () => {
    const res = await list('post_type=blog&q=diary&limit=5&page=3');
    expect(res).toMatchObject({ total: 11, pages: 3 });
    expect(res.posts).toHaveLength(1);
    for (const q of [`'`, '&|!:*()', '"unclosed', 'the', '%_\\', '-', 'or or']) {
      const r = await t.app.inject({ method: 'GET', url: `/api/blog/posts?q=${encodeURIComponent(q)}` });
      expect(r.statusCode, q).toBe(200);
    }
  });
});

describe('view counting', () => {
  let slug: string;
  let id: string;
  beforeAll(async () => {
    const p = await post({ title: 'Counting views' }, day(40));
    slug = p.slug;
    id = p.id;
  });
  /** The count once the batched writer has written what it noted. */
  const views = async () => {
    await t.app.postViews.flush();
    return (await t.db.query<{ view_count: number }>('SELECT view_count FROM posts WHERE id = $1', [id])).rows[0]!.view_count;
  };
  const visit = (ip: string, ua: string) =>
    t.app.inject({ method: 'GET', url: `/api/blog/posts/${slug}`, remoteAddress: ip, headers: { 'user-agent': ua } });

  it('counts a visitor once per hour however often they reload', async () => {
    const first = await visit('203.0.113.7', 'Mozilla/5.0 Firefox/130');
    expect(first.statusCode).toBe(200);
    expect(await views()).toBe(1);
    for (let i = 0; i < 5; i++) await visit('203.0.113.7', 'Mozilla/5.0 Firefox/130');
    expect(await views()).toBe(1);
    // An hour later the same visitor counts again.
    await t.db.query(`UPDATE post_views SET viewed_at = now() - interval '61 minutes' WHERE post_id = $1`, [id]);
    await visit('203.0.113.7', 'Mozilla/5.0 Firefox/130');
    expect(await views()).toBe(2);
  });

  it('counts different addresses separately', async () => {
    const before = await views();
    await visit('203.0.113.8', 'Mozilla/5.0 Firefox/130');
    await visit('203.0.113.9', 'Mozilla/5.0 Firefox/130');
    await visit('2001:db8:1:2::1', 'Mozilla/5.0 Firefox/130');
    expect(await views()).toBe(before + 3);
  });

  it('counts one address once an hour whatever user agent it sends', async () => {
    const before = await views();
    for (let i = 0; i < 30; i++) await visit('198.51.100.30', `Mozilla/5.0 Firefox/${100 + i}`);
    expect(await views()).toBe(before + 1);
  });

  it('counts an IPv6 visitor by its /64, not by each address in it', async () => {
    const before = await views();
    for (const ip of ['2001:db8:aa:bb::1', '2001:db8:aa:bb:ffff::2', '2001:0db8:00aa:00bb:1:2:3:4'])
      await visit(ip, 'Mozilla/5.0 Safari/17');
    await visit('2001:db8:aa:bc::1', 'Mozilla/5.0 Safari/17');
    expect(await views()).toBe(before + 2);
  });

  it('does not count crawlers or clients without a user agent', async () => {
    const before = await views();
    await visit('66.249.66.1', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    await t.app.inject({ method: 'GET', url: `/api/blog/posts/${slug}`, remoteAddress: '198.51.100.1', headers: { 'user-agent': '' } });
    expect(await views()).toBe(before);
  });

  it('keeps no client address, only a salted hash', async () => {
    const rows = await t.db.query<{ visitor_hash: string }>('SELECT visitor_hash FROM post_views WHERE post_id = $1', [id]);
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const r of rows.rows) expect(r.visitor_hash).toMatch(/^[0-9a-f]{32}$/);
  });

  it('does not count a storm of parallel reloads more than once', async () => {
    const before = await views();
    await Promise.all(Array.from({ length: 10 }, () => visit('192.0.2.50', 'Mozilla/5.0 Safari/17')));
    expect(await views()).toBe(before + 1);
  });
});

describe('slugs shared by a blog post and a press release', () => {
  it('reads the one of the requested type, and the blog post when no type is given', async () => {
    const b = await post({ title: 'Shared headline', content: '<p>blog version</p>' }, day(50));
    const p = await post({ title: 'Shared headline', post_type: 'press_release', content: '<p>press version</p>' }, day(50));
    expect(b.slug).toBe('shared-headline');
    expect(p.slug).toBe('shared-headline');
    expect((await read('shared-headline', {}, '?post_type=press_release')).json<Post>().content).toBe('<p>press version</p>');
    expect((await read('shared-headline', {}, '?post_type=blog')).json<Post>().content).toBe('<p>blog version</p>');
    expect((await read('shared-headline')).json<Post>().content).toBe('<p>blog version</p>');
  });
});
