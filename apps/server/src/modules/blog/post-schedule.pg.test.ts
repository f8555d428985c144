import { basicAuthorization, type PostListResponse, type PostSaved } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpGet } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ensureFirstOperator } from '../operators/index.ts';

/**
 * A scheduled post goes out at its time on every server (issue 30, decision 202): two server
 * processes on one PostgreSQL database, the worker running in one of them only, as a deployment
 * with a separate worker would. Nothing in the request path publishes it.
 */
const ADMIN = { username: 'sched-two', password: 'Sched-Two-Pass-2026' };
const asAdmin = { authorization: basicAuthorization(ADMIN.username, ADMIN.password) };
let a: TestApp;
let b: TestApp;
const bases = new Map<TestApp, string>();
beforeAll(async () => {
  a = await createTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, PUBLIC_URL: 'https://assay.example' });
  await ensureFirstOperator({ db: a.db, config: a.config, log: a.app.log });
  b = await createTestApp(
    { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, PUBLIC_URL: 'https://assay.example' },
    { sameDatabaseAs: a },
  );
  for (const t of [a, b]) bases.set(t, await t.app.listen({ host: '127.0.0.1', port: 0 }));
  await a.startWorker();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const get = (t: TestApp, url: string) => httpGet(bases.get(t)!, url, {});
const listed = async (t: TestApp, title: string) =>
  (await get(t, '/api/blog/posts?post_type=blog&limit=50')).json<PostListResponse>().posts.some((p) => p.title === title);

describe('a scheduled post on two servers', () => {
  it('is on neither before its time, then on both, in the feed and in the sitemap', async () => {
    const title = `Scheduled for both ${Date.now()}`;
    const at = new Date(Date.now() + 3000).toISOString();
    const created = await b.app.inject({
      method: 'POST',
      url: '/api/blog/admin/posts',
      headers: asAdmin,
      payload: { title, description: 'Out in three seconds.', content: '<p>Hello, later.</p>', post_type: 'blog', publish_at: at },
    });
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json<PostSaved>();

    // Read (and so cached) on both servers before its time.
    expect(await listed(a, title)).toBe(false);
    expect(await listed(b, title)).toBe(false);
    expect((await get(b, `/api/blog/posts/${post.slug}`)).statusCode).toBe(404);
    expect((await get(b, '/rss/blog.xml')).body).not.toContain(title);

    const start = Date.now();
    while (!(await listed(b, title))) {
      if (Date.now() - start > 30_000) throw new Error('not published within 30 s of its time');
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(Date.now()).toBeGreaterThanOrEqual(new Date(at).getTime());
    expect(await listed(a, title)).toBe(true);
    const read = await get(b, `/api/blog/posts/${post.slug}`);
    expect(read.statusCode).toBe(200);
    expect(read.json<{ published_at: string }>().published_at).toBe(at);
    expect((await get(b, '/rss/blog.xml')).body).toContain(title);
    expect((await get(a, '/rss/blog.xml')).body).toContain(title);
    expect((await get(b, '/sitemaps/posts-1.xml')).body).toContain(`https://assay.example/blog/${post.slug}`);
  }, 60_000);
});
