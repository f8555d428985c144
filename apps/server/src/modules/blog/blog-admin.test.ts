import { basicAuthorization, MSG, type Post, type PostSummary } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin } from '../../../test/members.ts';
import { createOperatorTestApp, type TestApp } from '../../../test/test-app.ts';

const ADMIN = { username: 'editor', password: 'Editor-Pass-2025' };
const asAdmin = { authorization: basicAuthorization(ADMIN.username, ADMIN.password) };
let t: TestApp;
beforeAll(async () => {
  t = await createOperatorTestApp(ADMIN);
});
afterAll(() => t.close());

const valid = (over: Record<string, unknown> = {}) => ({
  title: 'Field-of-use licensing',
  description: 'Splitting one invention across several licensees.',
  content: '<p>One patent, several markets.</p>',
  image_url: '',
  post_type: 'blog',
  author_name: 'Priya Raman',
  featured: false,
  ...over,
});
const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: asAdmin, ...(payload ? { payload } : {}) });
const create = async (over: Record<string, unknown> = {}) => {
  const res = await admin('POST', '/api/blog/admin/posts', valid(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Post>();
};
const countPosts = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM posts')).rows[0]!.n;
const auditOf = async (id: string) =>
  (
    await t.db.query<{ action: string; operator_username: string; details: Record<string, unknown> }>(
      `SELECT action, operator_username, details FROM operator_audit_log WHERE target = $1 ORDER BY id`,
      [`post:${id}`],
    )
  ).rows;

describe('operator post routes need operator credentials', () => {
  const routes: [string, string][] = [
    ['GET', '/api/blog/admin/posts?post_type=blog'],
    ['POST', '/api/blog/admin/posts'],
    ['PUT', '/api/blog/admin/posts/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/api/blog/admin/posts/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/blog/admin/posts/00000000-0000-4000-8000-000000000000/publish'],
    ['POST', '/api/blog/admin/posts/00000000-0000-4000-8000-000000000000/unpublish'],
    ['POST', '/api/blog/admin/preview'],
  ];

  it('refuses every route without credentials, with wrong ones and with a member token', async () => {
    const member = await signUpAndLogin(t);
    const wrong = { authorization: basicAuthorization(ADMIN.username, 'not-it') };
    const before = await countPosts();
    for (const [method, url] of routes) {
      for (const headers of [{}, wrong, member.auth]) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers,
          payload: method === 'GET' || method === 'DELETE' ? undefined : valid(),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        // Enough wrong passwords would lock the username (tested with the operators module).
        await t.db.query(`DELETE FROM rate_limits WHERE key LIKE 'operator:%'`);
      }
    }
    expect(await countPosts()).toBe(before);
  });
});

describe('creating posts', () => {
  it('creates a draft with a slug from its title, the defaults of the spec and an audit entry', async () => {
    const { author_name: _omit, ...noAuthor } = valid({ title: 'Option Agreements: A Primer!' });
    const res = await admin('POST', '/api/blog/admin/posts', noAuthor);
    expect(res.statusCode).toBe(201);
    const p = res.json<Post>();
    expect(p).toMatchObject({
      slug: 'option-agreements-a-primer',
      status: 'draft',
      author_name: 'Admin',
      image_url: null,
      published_at: null,
      view_count: 0,
      featured: false,
      post_type: 'blog',
      meta_title: null,
    });
    expect(await auditOf(p.id)).toEqual([expect.objectContaining({ action: 'post.create', operator_username: ADMIN.username })]);
  });

  it.each([
    [{ title: '' }, MSG.postTitleRequired],
    [{ title: '   ' }, MSG.postTitleRequired],
    [{ title: undefined }, MSG.postTitleRequired],
    [{ content: '' }, MSG.postContentRequired],
    [{ author_name: '' }, MSG.postAuthorRequired],
    [{ image_url: 'not a url' }, MSG.postImageUrlInvalid],
    [{ image_url: 'javascript:alert(1)' }, MSG.postImageUrlInvalid],
    [{ image_url: 'data:image/png;base64,AAAA' }, MSG.postImageUrlInvalid],
    [{ image_url: '//evil.example/x.png' }, MSG.postImageUrlInvalid],
    [{ image_url: 'ftp://files.example/x.png' }, MSG.postImageUrlInvalid],
  ])('refuses %j with its message and writes nothing', async (patch, detail) => {
    const before = await countPosts();
    const res = await admin('POST', '/api/blog/admin/posts', valid(patch));
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(detail);
    expect(await countPosts()).toBe(before);
  });

  it('refuses content that is nothing once cleaned', async () => {
    const res = await admin('POST', '/api/blog/admin/posts', valid({ content: '<script>alert(1)</script>' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(MSG.postContentRequired);
  });

  it('accepts an http(s) image address or a path on this site', async () => {
    expect((await create({ image_url: 'https://cdn.example.com/a.png', image_alt: 'A' })).image_url).toBe('https://cdn.example.com/a.png');
    expect((await create({ image_url: '/images/trl.png', image_alt: 'TRL' })).image_url).toBe('/images/trl.png');
  });
});

describe('slugs', () => {
  it('stay unique within a post type with -2, -3 … and are independent across types', async () => {
    const a = await create({ title: 'Royalty Stacking' });
    const b = await create({ title: 'Royalty stacking' });
    const c = await create({ title: 'Royalty  stacking?' });
    const d = await create({ title: 'Royalty Stacking', post_type: 'press_release' });
    expect([a.slug, b.slug, c.slug, d.slug]).toEqual(['royalty-stacking', 'royalty-stacking-2', 'royalty-stacking-3', 'royalty-stacking']);
  });

  it('stay unique when many posts with one title are saved at the same moment', async () => {
    const posts = await Promise.all(Array.from({ length: 6 }, () => create({ title: 'Simultaneous title' })));
    expect(new Set(posts.map((p) => p.slug)).size).toBe(6);
  });

  it('are made readable from any title', async () => {
    expect((await create({ title: 'Café Résumé & Co.' })).slug).toBe('cafe-resume-and-co');
    expect((await create({ title: '技术转让' })).slug).toBe('ji-shu-zhuan-rang');
  });

  it('follow the title while a post is a draft', async () => {
    const p = await create({ title: 'Working title' });
    const res = await admin('PUT', `/api/blog/admin/posts/${p.id}`, valid({ title: 'Final title' }));
    expect(res.json<Post>().slug).toBe('final-title');
    // The draft's first slug was never public and is free again.
    expect((await create({ title: 'Working title' })).slug).toBe('working-title');
  });

  it('stay put once a post is published, so old links keep working', async () => {
    const p = await create({ title: 'Spin-out equity' });
    await admin('POST', `/api/blog/admin/posts/${p.id}/publish`);
    const edited = await admin('PUT', `/api/blog/admin/posts/${p.id}`, valid({ title: 'Spin-out equity, revisited' }));
    expect(edited.json<Post>().slug).toBe('spin-out-equity');
    expect((await t.app.inject({ method: 'GET', url: '/api/blog/posts/spin-out-equity' })).json<Post>().title).toBe(
      'Spin-out equity, revisited',
    );
    // Unpublished and edited again: still the address it was published under.
    await admin('POST', `/api/blog/admin/posts/${p.id}/unpublish`);
    const again = await admin('PUT', `/api/blog/admin/posts/${p.id}`, valid({ title: 'Something else' }));
    expect(again.json<Post>().slug).toBe('spin-out-equity');
  });

  it('a former slug of a published post still finds it', async () => {
    const p = await create({ title: 'Current address', status: 'published' });
    await t.db.query(`INSERT INTO post_slugs (post_type, slug, post_id) VALUES ('blog', 'former-address', $1)`, [p.id]);
    const res = await t.app.inject({ method: 'GET', url: '/api/blog/posts/former-address?post_type=blog' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Post>().slug).toBe('current-address');
    // …and is never handed to another post.
    expect((await create({ title: 'Former address' })).slug).toBe('former-address-2');
  });
});

describe('sanitising post HTML', () => {
  const dirty = [
    '<h2 onclick="steal()">Heading</h2>',
    '<p>Text<script>alert(document.cookie)</script></p>',
    '<img src="/x.png" onerror="alert(1)">',
    '<a href="javascript:alert(1)">click</a>',
    '<a href="https://partner.example" target="_blank">partner</a>',
    '<iframe src="https://evil.example"></iframe>',
    '<p style="position:fixed">styled</p>',
  ].join('');

  it('stores and serves the content clean', async () => {
    const p = await create({ title: 'Dirty content', content: dirty, status: 'published' });
    for (const html of [
      p.content,
      (await t.db.query<{ content: string }>('SELECT content FROM posts WHERE id = $1', [p.id])).rows[0]!.content,
      (await t.app.inject({ method: 'GET', url: `/api/blog/posts/${p.slug}` })).json<Post>().content,
    ]) {
      expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|style=/i);
      expect(html).toContain('<h2>Heading</h2>');
      expect(html).toContain('<img loading="lazy" src="/x.png" />');
      expect(html).toContain('<a href="https://partner.example" target="_blank" rel="noopener noreferrer">partner</a>');
    }
  });

  it('cleans edits too', async () => {
    const p = await create({ title: 'Clean then dirty' });
    const res = await admin('PUT', `/api/blog/admin/posts/${p.id}`, valid({ title: 'Clean then dirty', content: dirty }));
    expect(res.json<Post>().content).not.toMatch(/<script|onerror|javascript:/i);
  });

  it('previews exactly what would be stored', async () => {
    const res = await admin('POST', '/api/blog/admin/preview', { content: dirty });
    expect(res.statusCode).toBe(200);
    const p = await create({ title: 'Preview twin', content: dirty });
    expect(res.json().html).toBe(p.content);
  });
});

describe('editing, publishing and deleting', () => {
  it('replaces the fields, keeps the status when none is sent, and audits the changed fields', async () => {
    const p = await create({ title: 'Editable', status: 'published' });
    const res = await admin(
      'PUT',
      `/api/blog/admin/posts/${p.id}`,
      valid({ title: 'Editable', description: 'New description', featured: true, meta_title: 'SEO title' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<Post>()).toMatchObject({
      status: 'published',
      description: 'New description',
      featured: true,
      meta_title: 'SEO title',
    });
    const entries = await auditOf(p.id);
    expect(entries.at(-1)).toMatchObject({
      action: 'post.update',
      details: { changed: expect.arrayContaining(['description', 'featured', 'meta_title']) },
    });
  });

  it('publishes with a date that is kept through unpublish and republish', async () => {
    const p = await create({ title: 'Dated' });
    const published = (await admin('POST', `/api/blog/admin/posts/${p.id}/publish`)).json<Post>();
    expect(published.status).toBe('published');
    expect(published.published_at).not.toBeNull();
    const unpublished = (await admin('POST', `/api/blog/admin/posts/${p.id}/unpublish`)).json<Post>();
    expect(unpublished.status).toBe('draft');
    const again = (await admin('POST', `/api/blog/admin/posts/${p.id}/publish`)).json<Post>();
    expect(again.published_at).toBe(published.published_at);
    expect((await auditOf(p.id)).map((e) => e.action)).toEqual(['post.create', 'post.publish', 'post.unpublish', 'post.publish']);
  });

  it('deletes a post and records what it was', async () => {
    const p = await create({ title: 'Short-lived', status: 'published' });
    const res = await admin('DELETE', `/api/blog/admin/posts/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.postDeleted);
    expect((await t.app.inject({ method: 'GET', url: `/api/blog/posts/${p.slug}` })).statusCode).toBe(404);
    expect((await auditOf(p.id)).at(-1)).toMatchObject({
      action: 'post.delete',
      operator_username: ADMIN.username,
      details: { slug: 'short-lived', title: 'Short-lived' },
    });
  });

  it('answers an unknown or malformed id with 404 "Post not found"', async () => {
    for (const [method, suffix] of [
      ['DELETE', ''],
      ['POST', '/publish'],
      ['POST', '/unpublish'],
      ['PUT', ''],
    ] as const) {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'abc']) {
        const res = await admin(method, `/api/blog/admin/posts/${id}${suffix}`, method === 'PUT' ? valid() : undefined);
        expect(res.statusCode, `${method} ${id}${suffix}`).toBe(404);
        expect(res.json().detail).toBe(MSG.postNotFound);
      }
    }
  });

  it('lists every post of a type for operators, drafts included, in list fields only; the editor reads one post whole', async () => {
    const draft = await create({ title: 'Only a draft', post_type: 'press_release' });
    const res = await admin('GET', '/api/blog/admin/posts?post_type=press_release');
    expect(res.statusCode).toBe(200);
    const posts = res.json<{ posts: PostSummary[] }>().posts;
    expect(posts[0]).toMatchObject({ id: draft.id, status: 'draft', title: 'Only a draft' });
    // No bodies in the list (issue 32: 200 full bodies were 489 KB).
    expect(posts.every((p) => !('content' in p))).toBe(true);
    expect(posts.every((p) => p.post_type === 'press_release')).toBe(true);
    const one = await admin('GET', `/api/blog/admin/posts/${draft.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json<Post>()).toMatchObject({ id: draft.id, status: 'draft', content: draft.content });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await admin('GET', `/api/blog/admin/posts/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().detail).toBe(MSG.postNotFound);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/blog/admin/posts/${draft.id}` })).statusCode).toBe(401);
  });

  it('answers a bounded page of posts (50 by default, at most 100) with the next page by cursor', async () => {
    await t.db.query(`INSERT INTO posts (post_type, slug, title, description, content)
      SELECT 'blog', 'bounded-page-' || g, 'Bounded page ' || g, 'Many posts', repeat('<p>a long body</p>', 500) FROM generate_series(1, 60) g`);
    const res = await admin('GET', '/api/blog/admin/posts?post_type=blog&q=bounded%20page');
    expect(res.json<{ posts: PostSummary[] }>().posts).toHaveLength(50);
    expect(res.headers['x-next-cursor']).toBeTruthy();
    // 50 summaries, not 50 bodies of 9 KB each.
    expect(res.payload.length).toBeLessThan(50 * 1000);
    expect((await admin('GET', '/api/blog/admin/posts?post_type=blog&limit=101')).statusCode).toBe(422);
    await t.db.query(`DELETE FROM posts WHERE slug LIKE 'bounded-page-%'`);
  });

  it('counts every matching post beyond a page (X-Total-Count on the first page), so tab counts do not stop at 200', async () => {
    await t.db.query(`INSERT INTO posts (post_type, slug, title, description, content)
      SELECT 'blog', 'bulk-count-' || g, 'Bulk count ' || g, 'Many posts', '<p>x</p>' FROM generate_series(1, 230) g`);
    const all =
      (await countPosts()) - (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM posts WHERE post_type <> 'blog'`)).rows[0]!.n;
    const res = await admin('GET', '/api/blog/admin/posts?post_type=blog&limit=1');
    expect(res.json<{ posts: Post[] }>().posts).toHaveLength(1);
    expect(Number(res.headers['x-total-count'])).toBe(all);
    expect(all).toBeGreaterThan(230);
    const drafts = await admin('GET', '/api/blog/admin/posts?post_type=blog&status=draft&q=bulk%20count&limit=5');
    expect(Number(drafts.headers['x-total-count'])).toBe(230);
    // A later page names no total (the first one did).
    const next = await admin('GET', `/api/blog/admin/posts?post_type=blog&limit=5&cursor=${drafts.headers['x-next-cursor']}`);
    expect(next.headers['x-total-count']).toBeUndefined();
    await t.db.query(`DELETE FROM posts WHERE slug LIKE 'bulk-count-%'`);
  });

  it('moves a post to the other type with its address', async () => {
    const p = await create({ title: 'Moving type', status: 'published' });
    const res = await admin('PUT', `/api/blog/admin/posts/${p.id}`, valid({ title: 'Moving type', post_type: 'press_release' }));
    expect(res.json<Post>()).toMatchObject({ post_type: 'press_release', slug: 'moving-type' });
    expect((await t.app.inject({ method: 'GET', url: '/api/blog/posts/moving-type?post_type=press_release' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/blog/posts/moving-type?post_type=blog' })).statusCode).toBe(404);
  });
});
