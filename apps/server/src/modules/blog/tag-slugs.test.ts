import { basicAuthorization, type AdminTag, type TagPageResponse } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * A tag's former addresses (decision 226): the page and feed at an old slug answer 301 to the
 * tag's address now, a chain of renames in one step; a tag that takes an old slug wins over the redirect.
 */
const ADMIN = { username: 'tag-slug-ops', password: 'Tag-Slug-Pass-2026' };
const asAdmin = { authorization: basicAuthorization(ADMIN.username, ADMIN.password) };
let t: TestApp;
beforeAll(async () => {
  t = await createOperatorTestApp(ADMIN);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const createTag = async (name: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/blog/admin/tags', headers: asAdmin, payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminTag>();
};
const rename = async (id: string, name: string, slug?: string) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/blog/admin/tags/${id}`,
    headers: asAdmin,
    payload: { name, ...(slug ? { slug } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminTag>();
};
const publishTagged = async (title: string, tagId: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blog/admin/posts',
    headers: asAdmin,
    payload: { title, content: '<p>Text.</p>', post_type: 'blog', status: 'published', tag_ids: [tagId] },
  });
  expect(res.statusCode, res.body).toBe(201);
};
/** Where an address sends a reader: its status and Location. */
const answer = async (url: string) => {
  const res = await get(url);
  return [res.statusCode, res.headers.location ?? null];
};

describe("a tag's former slug", () => {
  it('answers 301 to the current address for the page (with its page number) and the feed; a chain of renames resolves in one step', async () => {
    const tag = await createTag('Slug Chain');
    await publishTagged('Chained post', tag.id);
    // The page is kept by the public cache before the rename: the rename must drop it.
    expect((await get('/blog/tag/slug-chain')).statusCode).toBe(200);
    expect((await get('/blog/tag/slug-chain/rss.xml')).statusCode).toBe(200);

    await rename(tag.id, 'Slug Chain', 'slug-chain-two');
    expect(await answer('/blog/tag/slug-chain')).toEqual([301, '/blog/tag/slug-chain-two']);
    expect(await answer('/blog/tag/slug-chain?page=2')).toEqual([301, '/blog/tag/slug-chain-two?page=2']);
    expect(await answer('/blog/tag/slug-chain/rss.xml')).toEqual([301, '/blog/tag/slug-chain-two/rss.xml']);
    expect((await get('/blog/tag/slug-chain-two')).statusCode).toBe(200);
    const feed = await get('/blog/tag/slug-chain-two/rss.xml');
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('Chained post');

    await rename(tag.id, 'Slug Chain', 'slug-chain-three');
    for (const old of ['slug-chain', 'slug-chain-two']) {
      expect(await answer(`/blog/tag/${old}`)).toEqual([301, '/blog/tag/slug-chain-three']);
      expect(await answer(`/blog/tag/${old}/rss.xml`)).toEqual([301, '/blog/tag/slug-chain-three/rss.xml']);
    }
    // The app's read by an old slug names the tag's address now (the page moves there).
    const read = await get('/api/blog/tags/slug-chain');
    expect(read.statusCode).toBe(200);
    expect(read.json<TagPageResponse>()).toMatchObject({ tag: { name: 'Slug Chain', slug: 'slug-chain-three' }, total: 1 });
    // The sitemap lists only the address it has now.
    const pages = (await get('/sitemaps/pages.xml')).body;
    expect(pages).toContain('/blog/tag/slug-chain-three<');
    expect(pages).not.toMatch(/\/blog\/tag\/slug-chain(-two)?</);

    // Back to a slug it held: that one is its own again, the others point at it.
    await rename(tag.id, 'Slug Chain', 'slug-chain');
    expect((await get('/blog/tag/slug-chain')).statusCode).toBe(200);
    expect(await answer('/blog/tag/slug-chain-three')).toEqual([301, '/blog/tag/slug-chain']);
    expect(await answer('/blog/tag/slug-chain-two')).toEqual([301, '/blog/tag/slug-chain']);
  });

  it('a new tag that takes an old slug wins over the redirect; the renamed tag keeps its other old addresses', async () => {
    const first = await createTag('Reused');
    await rename(first.id, 'Reused', 'reused-moved');
    expect(await answer('/blog/tag/reused')).toEqual([301, '/blog/tag/reused-moved']);

    const second = await createTag('Reused again');
    await rename(second.id, 'Reused again', 'reused');
    expect((await get('/blog/tag/reused')).statusCode).toBe(200);
    expect((await get('/api/blog/tags/reused')).json<TagPageResponse>().tag).toEqual({ name: 'Reused again', slug: 'reused' });
    expect((await get('/blog/tag/reused/rss.xml')).statusCode).toBe(200);

    // A tag created with the old slug as its own wins just the same.
    await rename(first.id, 'Reused', 'reused-once-more');
    expect(await answer('/blog/tag/reused-moved')).toEqual([301, '/blog/tag/reused-once-more']);
    const third = await createTag('Reused moved');
    expect(third.slug).toBe('reused-moved');
    expect((await get('/blog/tag/reused-moved')).statusCode).toBe(200);
    expect((await get('/api/blog/tags/reused-moved')).json<TagPageResponse>().tag.name).toBe('Reused moved');

    // When the second tag moves away, its old address follows it (not the first tag, which once had it too).
    await rename(second.id, 'Reused again', 'reused-second');
    expect(await answer('/blog/tag/reused')).toEqual([301, '/blog/tag/reused-second']);
  });

  it('a renamed tag keeps its slug (no redirect needed); a deleted tag takes its old addresses with it (404)', async () => {
    const tag = await createTag('Gone tag');
    expect((await rename(tag.id, 'Gone tag renamed')).slug).toBe('gone-tag');
    expect((await get('/blog/tag/gone-tag')).statusCode).toBe(200);
    await rename(tag.id, 'Gone tag renamed', 'gone-tag-renamed');
    expect((await get('/blog/tag/gone-tag')).statusCode).toBe(301);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/blog/admin/tags/${tag.id}`, headers: asAdmin })).statusCode).toBe(200);
    for (const url of ['/blog/tag/gone-tag', '/blog/tag/gone-tag/rss.xml', '/api/blog/tags/gone-tag', '/blog/tag/gone-tag-renamed']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});
