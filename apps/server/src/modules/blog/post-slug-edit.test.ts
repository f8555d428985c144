import { basicAuthorization, POST_EDITOR_MSG, type PostSaved } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorTestApp, type TestApp } from '../../../test/test-app.ts';

/** The slug an operator chooses (issue 30, decision 202); a published post's old address redirects. */
const ADMIN = { username: 'slug-ops', password: 'Slug-Editor-Pass-2026' };
const asAdmin = { authorization: basicAuthorization(ADMIN.username, ADMIN.password) };
let t: TestApp;
beforeAll(async () => {
  t = await createOperatorTestApp(ADMIN);
});
afterAll(() => t.close());

const body = (over: Record<string, unknown> = {}) => ({ title: 'Slug post', content: '<p>Text.</p>', post_type: 'blog', ...over });
const create = async (over: Record<string, unknown> = {}) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/blog/admin/posts', headers: asAdmin, payload: body(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PostSaved>();
};
const put = (id: string, over: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/blog/admin/posts/${id}`, headers: asAdmin, payload: body(over) });

describe('choosing a slug', () => {
  it('a draft keeps the chosen slug when its title changes, and lets its old one go', async () => {
    const post = await create({ title: 'Draft title one' });
    expect(post.slug).toBe('draft-title-one');
    const chosen = await put(post.id, { title: 'Draft title one', slug: 'my-chosen-address', version: 1 });
    expect(chosen.json<PostSaved>().slug).toBe('my-chosen-address');
    const retitled = await put(post.id, { title: 'A new title entirely', version: 2 });
    expect(retitled.json<PostSaved>().slug).toBe('my-chosen-address');
    // Never published: its first address is free for another post.
    expect((await create({ title: 'Draft title one' })).slug).toBe('draft-title-one');
  });

  it('a published post moves to the new slug and its old address redirects (301) to it', async () => {
    const post = await create({ title: 'Published slug', status: 'published' });
    const moved = await put(post.id, { title: 'Published slug', slug: 'better-address', version: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<PostSaved>().slug).toBe('better-address');
    const old = await t.app.inject({ method: 'GET', url: '/blog/published-slug' });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/blog/better-address');
    const api = await t.app.inject({ method: 'GET', url: '/api/blog/posts/published-slug' });
    expect(api.json().slug).toBe('better-address');
    // The old address stays this post's: another post cannot take it.
    const other = await create({ title: 'Another' });
    const taken = await put(other.id, { title: 'Another', slug: 'published-slug', version: 1 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe(POST_EDITOR_MSG.postSlugTaken);
  });

  it('refuses a slug another post holds, and a malformed one, with a clear detail', async () => {
    await create({ title: 'Holder', slug: 'held-address' });
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/blog/admin/posts',
      headers: asAdmin,
      payload: body({ title: 'x', slug: 'held-address' }),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe(POST_EDITOR_MSG.postSlugTaken);
    for (const slug of ['Upper-Case', 'two--hyphens', '-lead', 'sp ace', '../etc', 'a'.repeat(81)]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/blog/admin/posts', headers: asAdmin, payload: body({ slug }) });
      expect(res.statusCode, slug).toBe(422);
      expect(res.json().errors).toHaveProperty('slug');
    }
    // The same address in the other post type is a different address.
    expect((await create({ title: 'Press holder', post_type: 'press_release', slug: 'held-address' })).slug).toBe('held-address');
  });
});
