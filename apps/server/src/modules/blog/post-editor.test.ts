import { basicAuthorization, type Post, type PostPreviewLink, type PostSaved } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorTestApp, type TestApp } from '../../../test/test-app.ts';
import { signPreviewToken, verifyPreviewToken } from './preview-link.ts';

/** The post editor's server side (issue 15): list filters, the sanitiser's report, draft preview links, SEO fields. */
const ADMIN = { username: 'editor', password: 'Editor-Pass-2025' };
const asAdmin = { authorization: basicAuthorization(ADMIN.username, ADMIN.password) };
let t: TestApp;
beforeAll(async () => {
  t = await createOperatorTestApp(ADMIN);
});
afterAll(() => t.close());

const valid = (over: Record<string, unknown> = {}) => ({
  title: 'Editor post',
  description: 'A post for the editor tests.',
  content: '<p>Body.</p>',
  image_url: '',
  post_type: 'blog',
  author_name: 'Priya Raman',
  featured: false,
  ...over,
});
const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: asAdmin, ...(payload ? { payload } : {}) });
const create = async (over: Record<string, unknown> = {}) => {
  const res = await admin('POST', '/api/blog/admin/posts', valid(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PostSaved>();
};

describe("the operators' post list", () => {
  it('filters by status and by words in the title, and pages with the cursor', async () => {
    const tag = `zebra${Date.now()}`;
    await create({ title: `${tag} draft one` });
    await create({ title: `${tag} draft two` });
    await create({ title: `${tag} published`, status: 'published' });
    await create({ title: 'Unrelated post' });

    const drafts = await admin('GET', `/api/blog/admin/posts?post_type=blog&status=draft&q=${tag}`);
    expect(
      drafts
        .json<{ posts: Post[] }>()
        .posts.map((p) => p.title)
        .sort(),
    ).toEqual([`${tag} draft one`, `${tag} draft two`]);
    const published = await admin('GET', `/api/blog/admin/posts?post_type=blog&status=published&q=${tag.toUpperCase()}`);
    expect(published.json<{ posts: Post[] }>().posts.map((p) => p.title)).toEqual([`${tag} published`]);

    const first = await admin('GET', `/api/blog/admin/posts?post_type=blog&q=${tag}&limit=2`);
    const cursor = first.headers['x-next-cursor'] as string;
    expect(first.json<{ posts: Post[] }>().posts).toHaveLength(2);
    expect(cursor).toBeTruthy();
    const second = await admin('GET', `/api/blog/admin/posts?post_type=blog&q=${tag}&limit=2&cursor=${encodeURIComponent(cursor)}`);
    expect(second.json<{ posts: Post[] }>().posts).toHaveLength(1);
    expect(second.headers['x-next-cursor']).toBeUndefined();
  });

  it('treats % and _ in the search as letters', async () => {
    const res = await admin('GET', '/api/blog/admin/posts?post_type=blog&q=%25');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ posts: Post[] }>().posts).toEqual([]);
  });
});

describe("the sanitiser's report", () => {
  const dirty =
    '<p onclick="x()">Hi <a href="javascript:alert(1)" onclick="y()">there</a></p><script>alert(1)</script><a href="https://ok.example">fine</a>';

  it('comes back with a save and unwraps links whose href was removed', async () => {
    const p = await create({ title: 'Report on create', content: dirty });
    expect(p.removed).toEqual(
      expect.arrayContaining([
        'removed <script>',
        'removed onclick from <p>',
        'removed onclick from <a>',
        'unwrapped a link whose href was removed (text kept)',
      ]),
    );
    expect(p.content).toBe('<p>Hi there</p><a href="https://ok.example">fine</a>');

    const edit = await admin('PUT', `/api/blog/admin/posts/${p.id}`, valid({ title: 'Report on create', content: '<p>clean</p>' }));
    expect(edit.json<PostSaved>().removed).toEqual([]);
  });

  it('comes with the live preview too', async () => {
    const res = await admin('POST', '/api/blog/admin/preview', { content: '<p>a</p><script>1</script><script>2</script>' });
    expect(res.json()).toEqual({ html: '<p>a</p>', removed: ['removed <script> (×2)'] });
  });
});

describe('draft preview links', () => {
  const link = async (id: string) => {
    const res = await admin('POST', `/api/blog/admin/posts/${id}/preview-link`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PostPreviewLink>();
  };

  it('show a draft to anyone holding the link, uncached and unindexed, while the public read says 404', async () => {
    const draft = await create({ title: 'Secret draft', content: '<p>Not yet.</p>' });
    const l = await link(draft.id);
    expect(l.url).toBe(`/preview/${l.token}`);
    expect(Date.parse(l.expires_at) - Date.now()).toBeGreaterThan(50 * 60_000);

    const res = await t.app.inject({ method: 'GET', url: `/api/blog/preview/${l.token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json<Post>()).toMatchObject({ id: draft.id, status: 'draft', content: '<p>Not yet.</p>' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toContain('noindex');
    expect((await t.app.inject({ method: 'GET', url: `/api/blog/posts/${draft.slug}` })).statusCode).toBe(404);
  });

  it('are made by operators only', async () => {
    const draft = await create({ title: 'Operator only' });
    const res = await t.app.inject({ method: 'POST', url: `/api/blog/admin/posts/${draft.id}/preview-link` });
    expect(res.statusCode).toBe(401);
    expect((await admin('POST', '/api/blog/admin/posts/00000000-0000-4000-8000-000000000000/preview-link')).statusCode).toBe(404);
  });

  it('answer 404 once expired, forged, for another purpose or for a deleted post', async () => {
    const draft = await create({ title: 'Expiring draft' });
    const now = Math.floor(Date.now() / 1000);
    const good = signPreviewToken(t.config.JWT_SECRET, draft.id, now + 600);
    expect((await t.app.inject({ method: 'GET', url: `/api/blog/preview/${good}` })).statusCode).toBe(200);

    const expired = signPreviewToken(t.config.JWT_SECRET, draft.id, now - 1);
    const forged = signPreviewToken('x'.repeat(40), draft.id, now + 600);
    const [payload, mac] = good.split('.') as [string, string];
    const otherPost = `${signPreviewToken(t.config.JWT_SECRET, '00000000-0000-4000-8000-000000000000', now + 600).split('.')[0]}.${mac}`;
    // One signature character changed (never to itself: that was a flaky no-op when it was already 'A').
    const tampered = `${payload}.${mac.slice(0, -2)}${mac.at(-2) === 'A' ? 'B' : 'A'}${mac.slice(-1)}`;
    // The link expires: the same token read later than its expiry is refused.
    expect(verifyPreviewToken(t.config.JWT_SECRET, good, (now + 601) * 1000)).toBeUndefined();
    expect(verifyPreviewToken(t.config.JWT_SECRET, good, (now + 599) * 1000)).toBe(draft.id);
    for (const token of [expired, forged, otherPost, tampered, 'not-a-token', `${good}.x`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/blog/preview/${token}` });
      expect(res.statusCode, token).toBe(404);
      expect(res.json().detail).toMatch(/invalid or has expired/);
    }

    await t.db.query('DELETE FROM posts WHERE id = $1', [draft.id]);
    expect((await t.app.inject({ method: 'GET', url: `/api/blog/preview/${good}` })).statusCode).toBe(404);
  });
});

describe('SEO fields', () => {
  it('are saved, cleared, and used by the crawler page of a published post', async () => {
    const p = await create({
      title: 'Long title for people',
      status: 'published',
      meta_title: 'Short SERP title',
      meta_description: 'What a search result should say about this post.',
    });
    expect(p).toMatchObject({ meta_title: 'Short SERP title', meta_description: 'What a search result should say about this post.' });
    const page = await t.app.inject({ method: 'GET', url: `/blog/${p.slug}`, headers: { 'user-agent': 'Googlebot/2.1' } });
    expect(page.body).toContain('<title>Short SERP title');
    expect(page.body).toContain('<meta name="description" content="What a search result should say about this post." />');

    const cleared = await admin(
      'PUT',
      `/api/blog/admin/posts/${p.id}`,
      valid({ title: 'Long title for people', meta_title: '', meta_description: null }),
    );
    expect(cleared.json<Post>()).toMatchObject({ meta_title: null, meta_description: null });
  });

  it('refuse a meta title or description over their limits with a clear detail', async () => {
    const res = await admin('POST', '/api/blog/admin/posts', valid({ meta_title: 'x'.repeat(201) }));
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toMatch(/Meta title must be at most 200 characters/);
  });
});

describe('the preview page', () => {
  it('is the app marked noindex and never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/preview/anything' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow" />');
  });
});
