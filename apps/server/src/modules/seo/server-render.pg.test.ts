import { basicAuthorization, type Post, type TokenPackage } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { buildWebForTests } from '../../../test/web-build.ts';
import { ensureFirstOperator } from '../operators/index.ts';

/**
 * Two server processes on one PostgreSQL database, both rendering the public pages (decision
 * 128): a page the other process keeps shows a change within the public cache's bound (decision
 * 120: once the database's notification arrives, well under a second).
 */
const BOUND_MS = 1000;
const ADMIN = { username: 'two-renderers', password: 'Two-Renderers-Pass-1' };
const asAdmin = { authorization: basicAuthorization(ADMIN.username, ADMIN.password) };

let a: TestApp;
let b: TestApp;
let web: Awaited<ReturnType<typeof buildWebForTests>>;
beforeAll(async () => {
  web = await buildWebForTests();
  a = await createTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }, { webDistDir: web.webDistDir });
  await ensureFirstOperator({ db: a.db, config: a.config, log: a.app.log });
  b = await createTestApp(
    { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
    { webDistDir: web.webDistDir, sameDatabaseAs: a },
  );
}, 120_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
  web?.remove();
});

const page = async (t: TestApp, url: string) => (await t.app.inject({ url, headers: { 'user-agent': 'Mozilla/5.0' } })).body;

async function seenWithinBound(check: () => Promise<boolean>) {
  const start = performance.now();
  while (!(await check())) {
    if (performance.now() - start > BOUND_MS) throw new Error(`not seen within ${BOUND_MS} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('a rendered page kept by another server', () => {
  it('shows a post edited and deleted on the first, and a package changed in the database', async () => {
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/blog/admin/posts',
      headers: asAdmin,
      payload: { title: 'Rendered on two servers', description: 'Published on A.', content: '<p>First body</p>', status: 'published' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json<Post>();
    // B renders and keeps the post's page and the list.
    expect(await page(b, `/blog/${post.slug}`)).toContain('<p>First body</p>');
    expect(await page(b, '/blog')).toContain('Rendered on two servers');

    const edited = await a.app.inject({
      method: 'PUT',
      url: `/api/blog/admin/posts/${post.id}`,
      headers: asAdmin,
      payload: { title: 'Rendered on two servers', description: 'Published on A.', content: '<p>Second body</p>' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await seenWithinBound(async () => (await page(b, `/blog/${post.slug}`)).includes('<p>Second body</p>'));

    expect((await a.app.inject({ method: 'DELETE', url: `/api/blog/admin/posts/${post.id}`, headers: asAdmin })).statusCode).toBe(200);
    await seenWithinBound(async () => !(await page(b, '/blog')).includes('Rendered on two servers'));

    const [first] = (await b.app.inject({ url: '/api/tokens/packages' })).json<TokenPackage[]>();
    expect(await page(b, '/pricing')).toContain(first!.name);
    await a.db.query('UPDATE token_packages SET name = $2 WHERE id = $1', [first!.id, 'Renamed under two servers']);
    await seenWithinBound(async () => (await page(b, '/pricing')).includes('Renamed under two servers'));
  });
});
