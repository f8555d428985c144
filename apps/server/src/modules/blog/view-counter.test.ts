import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createViewCounter } from './view-counter.ts';

let t: TestApp;
let postId: string;
beforeAll(async () => {
  t = await createTestApp();
  postId = (await t.db.query<{ id: string }>(`SELECT id FROM posts WHERE status = 'published' LIMIT 1`)).rows[0]!.id;
});
afterAll(() => t.close());

const count = async () =>
  (await t.db.query<{ view_count: number }>('SELECT view_count FROM posts WHERE id = $1', [postId])).rows[0]!.view_count;
/** A counter whose timer never fires within a test: only flush() and close() write. */
const quietCounter = () => createViewCounter(t.db, t.app.log, { flushMs: 3_600_000 });

describe('the batched view counter', () => {
  it('writes nothing on the read path, then counts each visitor once per hour', async () => {
    const views = quietCounter();
    const before = await count();
    for (let i = 0; i < 5; i++) views.record(postId, 'visitor-a');
    views.record(postId, 'visitor-b');
    expect(await count()).toBe(before);
    await views.flush();
    expect(await count()).toBe(before + 2);
    // Read again within the hour, in a later batch: not counted.
    views.record(postId, 'visitor-a');
    await views.flush();
    expect(await count()).toBe(before + 2);
    // An hour after the last counted view it counts again.
    await t.db.query(
      `UPDATE post_views SET viewed_at = viewed_at - interval '61 minutes' WHERE post_id = $1 AND visitor_hash = 'visitor-a'`,
      [postId],
    );
    views.record(postId, 'visitor-a');
    await views.close();
    expect(await count()).toBe(before + 3);
  });

  it('agrees with another process counting the same visitor: the database decides', async () => {
    const [one, two] = [quietCounter(), quietCounter()];
    const before = await count();
    one.record(postId, 'visitor-c');
    two.record(postId, 'visitor-c');
    await Promise.all([one.flush(), two.flush()]);
    expect(await count()).toBe(before + 1);
    await Promise.all([one.close(), two.close()]);
  });

  it('loses no view when it is closed before its timer (a shutdown)', async () => {
    const views = quietCounter();
    const before = await count();
    for (let i = 0; i < 25; i++) views.record(postId, `shutdown-visitor-${i}`);
    await views.close();
    expect(await count()).toBe(before + 25);
  });

  it('skips a post deleted before the flush without losing the others', async () => {
    const other = (await t.db.query<{ id: string }>(`SELECT id FROM posts WHERE status = 'published' AND id <> $1 LIMIT 1`, [postId]))
      .rows[0]!.id;
    const views = quietCounter();
    const before = await count();
    views.record(other, 'visitor-d');
    views.record(postId, 'visitor-d');
    await t.db.query('DELETE FROM posts WHERE id = $1', [other]);
    await views.close();
    expect(await count()).toBe(before + 1);
  });
});

describe('the app', () => {
  it('flushes the views it noted when it closes', async () => {
    const app = await createTestApp();
    const slug = (
      await app.db.query<{ slug: string; id: string }>(`SELECT slug FROM posts WHERE status = 'published' AND post_type = 'blog' LIMIT 1`)
    ).rows[0]!.slug;
    const viewsOf = async () =>
      (await app.db.query<{ view_count: number }>('SELECT view_count FROM posts WHERE slug = $1', [slug])).rows[0]!.view_count;
    const before = await viewsOf();
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      const res = await app.app.inject({
        url: `/api/blog/posts/${slug}`,
        remoteAddress: ip,
        headers: { 'user-agent': 'Mozilla/5.0 Firefox/140.0' },
      });
      expect(res.statusCode).toBe(200);
    }
    await app.app.close();
    expect(await viewsOf()).toBe(before + 3);
    await app.close();
  });
});
