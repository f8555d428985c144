import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { basicAuthorization, type Post, type PostListResponse } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpGet } from '../../test/http.ts';
import { signUpAndLogin } from '../../test/members.ts';
import { createOperatorTestApp, createTestApp, type TestApp } from '../../test/test-app.ts';
import { preferredEncoding } from './public-cache.ts';

const ADMIN = { username: 'cache-admin', password: 'Cache-Admin-Pass-1' };
const asAdmin = { authorization: basicAuthorization(ADMIN.username, ADMIN.password) };
/** A script as the web build leaves it: hashed name, with the .br and .gz the build writes beside it. */
const SCRIPT = `export const greeting = ${JSON.stringify('hello from the shell '.repeat(200))};\n`;
const INDEX_HTML = `<!doctype html><html lang="en"><head><title>Assay</title><!--app-head--></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}<script type="module" src="/assets/index-abc123.js"></script></body></html>`;

let t: TestApp;
let webDir: string;
let base: string;
beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'assay-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  const script = path.join(webDir, 'assets/index-abc123.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  // What the web build writes for each path of the route table: its screen's scripts.
  writeFileSync(
    path.join(webDir, 'route-preloads.json'),
    JSON.stringify({
      '/pricing': ['/assets/PricingPage-p1.js'],
      '/blog': ['/assets/BlogListPage-b1.js'],
      '/blog/:slug': ['/assets/PostPage-s1.js', '/assets/"><script>x.js'],
    }),
  );
  t = await createOperatorTestApp(ADMIN, {}, { webDistDir: webDir });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

/** Over real HTTP: copies are answered before Fastify, where inject() does not reach. */
const get = (url: string, headers: Record<string, string> = {}) => httpGet(base, url, headers);
const decoded = (res: Awaited<ReturnType<typeof get>>) => {
  const raw = res.rawPayload;
  const encoding = res.headers['content-encoding'];
  return (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString();
};

describe('built files', () => {
  it('answer with the brotli copy, the gzip copy or the plain bytes as the browser asks, cached for a year', async () => {
    for (const [accept, encoding] of [
      ['br, gzip, deflate', 'br'],
      ['gzip, deflate', 'gzip'],
      ['', undefined],
      ['identity', undefined],
    ] as const) {
      const res = await get('/assets/index-abc123.js', accept ? { 'accept-encoding': accept } : {});
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decoded(res)).toBe(SCRIPT);
    }
    expect((await get('/assets/index-abc123.js', { 'accept-encoding': 'br' })).rawPayload.length).toBeLessThan(SCRIPT.length / 5);
  });

  it('the app’s page too, with a validator that answers 304 when the browser has it', async () => {
    const plain = await get('/about');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<title>About · Assay</title>');
    expect(plain.headers['cache-control']).toBe('public, no-cache');
    const br = await get('/about', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(decoded(br)).toBe(plain.body);
    const etag = String(plain.headers.etag);
    expect(br.headers.etag).toBe(etag);
    const again = await get('/about', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/about', { 'if-none-match': 'W/"something-else"' })).statusCode).toBe(200);
    // An unknown address is still a 404, whatever validator it is sent with.
    expect((await get('/no-such-page', { 'if-none-match': etag })).statusCode).toBe(404);
  });
});

describe('a page’s HTML', () => {
  it('names its screen’s scripts and first reads for preloading, and nothing on other pages', async () => {
    const pricing = (await get('/pricing')).body;
    expect(pricing).toContain('<link rel="modulepreload" crossorigin href="/assets/PricingPage-p1.js">');
    expect(pricing).toContain('<link rel="preload" as="fetch" crossorigin href="/api/tokens/packages">');
    expect(pricing.indexOf('PricingPage-p1.js')).toBeLessThan(pricing.indexOf('</head>'));
    const blog = (await get('/blog')).body;
    expect(blog).toContain('/assets/BlogListPage-b1.js');
    expect(blog).toContain('href="/api/blog/posts?post_type=blog&amp;limit=9"');
    expect(blog).toContain('rel="alternate"'); // the feed link is still there
    for (const other of ['/about', '/no-such-page']) {
      const html = (await get(other)).body;
      expect(html, other).not.toContain('modulepreload');
      expect(html, other).not.toContain('as="fetch"');
    }
    // Only plain built script names are ever written into the page.
    expect((await get('/blog/no-such-post')).body).not.toContain('<script>x.js');
  });
});

describe('public reads', () => {
  it('carry a validator, answer 304 on a match and are compressed when asked', async () => {
    // Asked for compressed first: the copy is kept all the same, and its validator sent.
    const brFirst = await get('/api/blog/posts?post_type=blog&limit=9', { 'accept-encoding': 'br' });
    expect(brFirst.headers['content-encoding']).toBe('br');
    expect(brFirst.headers['cache-control']).toBe('public, no-cache');
    const first = await get('/api/blog/posts?post_type=blog&limit=9');
    expect(first.headers.etag).toBe(brFirst.headers.etag);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(String(first.headers.vary)).toContain('Accept-Encoding');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    // The second answer comes from the copy: the same validator, and 304 when it is sent back.
    const second = await get('/api/blog/posts?post_type=blog&limit=9', { 'if-none-match': etag });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
    const br = await get('/api/blog/posts?post_type=blog&limit=9', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(etag);
    expect(JSON.parse(decoded(br))).toEqual(first.json());
    const gz = await get('/api/blog/posts?post_type=blog&limit=9', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gz))).toEqual(first.json());

    const packages = await get('/api/tokens/packages');
    expect(packages.headers.etag).toBeDefined();
    expect((await get('/api/tokens/packages', { 'if-none-match': String(packages.headers.etag) })).statusCode).toBe(304);
  });

  it('send from the copy the same headers as the first answer: security headers and CSP included', async () => {
    const url = '/api/blog/posts?post_type=blog&limit=3';
    const security = [
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'strict-transport-security',
      'cross-origin-resource-policy',
    ];
    for (const accept of ['', 'br', 'gzip']) {
      const headers: Record<string, string> = accept ? { 'accept-encoding': accept } : {};
      const [first, copy] = [await get(url, headers), await get(url, headers)];
      for (const name of [...security, 'etag', 'cache-control', 'vary', 'content-type', 'content-encoding']) {
        expect(copy.headers[name], `${accept} ${name}`).toEqual(first.headers[name]);
      }
      // Data, not a document: the short API policy, without the page headers.
      expect(copy.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(copy.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(Number(copy.headers['content-length'])).toBe(copy.rawPayload.length);
      expect(decoded(copy)).toBe(decoded(first));
      const notModified = await get(url, { ...headers, 'if-none-match': String(first.headers.etag) });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.rawPayload.length).toBe(0);
      for (const name of [...security, 'etag', 'cache-control']) expect(notModified.headers[name], name).toEqual(first.headers[name]);
    }
  });

  it('never let a member’s answer be stored by a browser or proxy', async () => {
    const m = await signUpAndLogin(t);
    const res = await get('/api/tokens/balance', m.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
  });

  it('show a post published, edited, unpublished or deleted at once', async () => {
    const titles = async () => (await get('/api/blog/posts?post_type=blog&limit=50')).json<PostListResponse>().posts.map((p) => p.title);
    const before = await titles();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/blog/admin/posts',
      headers: asAdmin,
      payload: { title: 'Seen at once', description: 'A new post.', content: '<p>Body</p>', post_type: 'blog', status: 'published' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json<Post>();
    expect(await titles()).toEqual(['Seen at once', ...before]);
    expect((await get(`/api/blog/posts/${post.slug}`)).json<Post>().title).toBe('Seen at once');
    expect((await get(`/blog/${post.slug}`)).body).toContain('Seen at once');

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/blog/admin/posts/${post.id}`,
      headers: asAdmin,
      payload: { title: 'Seen at once, edited', description: 'A new post.', content: '<p>New body</p>', post_type: 'blog' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await titles()).toContain('Seen at once, edited');
    expect((await get(`/api/blog/posts/${post.slug}`)).json<Post>().content).toBe('<p>New body</p>');

    expect((await t.app.inject({ method: 'POST', url: `/api/blog/admin/posts/${post.id}/unpublish`, headers: asAdmin })).statusCode).toBe(
      200,
    );
    expect(await titles()).toEqual(before);
    expect((await get(`/api/blog/posts/${post.slug}`)).statusCode).toBe(404);

    expect((await t.app.inject({ method: 'POST', url: `/api/blog/admin/posts/${post.id}/publish`, headers: asAdmin })).statusCode).toBe(
      200,
    );
    expect((await get(`/api/blog/posts/${post.slug}`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/blog/admin/posts/${post.id}`, headers: asAdmin })).statusCode).toBe(200);
    expect((await get(`/api/blog/posts/${post.slug}`)).statusCode).toBe(404);
    expect((await get(`/blog/${post.slug}`)).statusCode).toBe(404);
    expect(await titles()).toEqual(before);
  });

  it('answer again from the copy: a change the database does not announce is not seen until one is', async () => {
    const url = '/api/blog/posts?post_type=blog&limit=2';
    // The tests before this one announced changes; one still on its way (a loaded machine) would
    // empty the copy read below. Notifications arrive in order: once an announced change of our own
    // is seen, every earlier one is in.
    const [latest] = (await get(url)).json<PostListResponse>().posts;
    await t.db.query('UPDATE posts SET title = $2 WHERE id = $1', [latest!.id, `${latest!.title} (seen)`]);
    await expect
      .poll(async () => (await get(url)).json<PostListResponse>().posts[0]!.title, { timeout: 5000, interval: 20 })
      .toBe(`${latest!.title} (seen)`);
    await t.db.query('UPDATE posts SET title = $2 WHERE id = $1', [latest!.id, latest!.title]);
    await expect
      .poll(async () => (await get(url)).json<PostListResponse>().posts[0]!.title, { timeout: 5000, interval: 20 })
      .toBe(latest!.title);
    const [first] = (await get(url)).json<PostListResponse>().posts;
    await t.db.query('ALTER TABLE posts DISABLE TRIGGER USER');
    try {
      await t.db.query('UPDATE posts SET title = $2 WHERE id = $1', [first!.id, 'Changed unannounced']);
    } finally {
      await t.db.query('ALTER TABLE posts ENABLE TRIGGER USER');
    }
    expect((await get(url)).json<PostListResponse>().posts[0]!.title).toBe(first!.title);
    // Fastify's own path (inject) is answered from the same copy (decision 173), though the row changed.
    expect((await t.app.inject({ url })).json<PostListResponse>().posts[0]!.title).toBe(first!.title);
    expect((await t.db.query<{ title: string }>('SELECT title FROM posts WHERE id = $1', [first!.id])).rows[0]!.title).toBe(
      'Changed unannounced',
    );
    await t.db.query('UPDATE posts SET title = $2 WHERE id = $1', [first!.id, first!.title]);
    await expect
      .poll(async () => (await get(url)).json<PostListResponse>().posts[0]!.title, { timeout: 2000, interval: 20 })
      .toBe(first!.title);
  });

  it('keep the copies readers use while a stranger floods the cache with new addresses', async () => {
    const url = '/api/tokens/packages';
    const [first] = (await get(url)).json<{ id: string; name: string }[]>();
    // Changed behind the notification's back: only a copy still answers the old name.
    await t.db.query('ALTER TABLE token_packages DISABLE TRIGGER USER');
    try {
      await t.db.query('UPDATE token_packages SET name = $2 WHERE id = $1', [first!.id, 'Renamed unannounced']);
    } finally {
      await t.db.query('ALTER TABLE token_packages ENABLE TRIGGER USER');
    }
    // More distinct searches than the cache keeps (2,000), with a reader of the packages between.
    for (let batch = 0; batch < 25; batch++) {
      await Promise.all(Array.from({ length: 100 }, (_, i) => get(`/api/blog/posts?post_type=blog&limit=9&q=flood-${batch}-${i}`)));
      expect((await get(url)).json<{ name: string }[]>()[0]!.name, `after ${(batch + 1) * 100} searches`).toBe(first!.name);
    }
    await t.db.query('UPDATE token_packages SET name = $2 WHERE id = $1', [first!.id, first!.name]);
  });

  it('answer only GET from a copy: HEAD and other methods reach Fastify', async () => {
    const url = '/api/tokens/packages';
    const copy = await get(url);
    const head = await fetch(`${base}${url}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await fetch(`${base}${url}`, { method: 'POST' })).status).toBe(404);
    expect((await get(url)).body).toBe(copy.body);
  });

  it('show a change made straight in the database (the triggers notify this process too)', async () => {
    const name = async () => (await get('/api/tokens/packages')).json<{ id: string; name: string }[]>()[0]!;
    const first = await name();
    await t.db.query('UPDATE token_packages SET name = $2 WHERE id = $1', [first.id, 'Renamed in SQL']);
    await expect.poll(async () => (await name()).name, { timeout: 2000, interval: 20 }).toBe('Renamed in SQL');
  });
});

describe('the encoding a client prefers', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['deflate', undefined],
    ['*', undefined],
    ['', undefined],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
  ])('%j → %s', (accept, expected) => {
    expect(preferredEncoding(accept)).toBe(expected);
  });
});

describe('a server shutting down', () => {
  it('stops answering from copies: a request begun before the shutdown gets Fastify’s 503 and its connection closed', async () => {
    const closing = await createTestApp();
    const at = new URL(await closing.app.listen({ host: '127.0.0.1', port: 0 }));
    const url = '/api/tokens/packages';
    await httpGet(at.origin, url);
    expect((await httpGet(at.origin, url)).statusCode).toBe(200); // the copy is there
    // A request half sent keeps its connection busy: the shutdown waits for it.
    const socket = net.connect(Number(at.port), at.hostname);
    await once(socket, 'connect');
    socket.write(`GET ${url} HTTP/1.1\r\nHost: localhost\r\n`);
    await new Promise((r) => setTimeout(r, 50));
    const closed = closing.app.close();
    await new Promise((r) => setTimeout(r, 50));
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    const ended = once(socket, 'close');
    socket.write('\r\n');
    await ended;
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    await closed;
    await closing.close();
  });
});
