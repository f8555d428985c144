import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordStatements } from '../../../test/plans.ts';
import { COUNT_CAP } from '../../lib/paging.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { listPublishedForFeeds } from './find-published-posts.ts';
import { listAdminPosts } from './list-admin-posts.ts';
import { readTagPage } from './read-tag-page.ts';

/*
 * Issue 30 items 3 and 4 (decision 204): the operators' status and tag filters, the public tag page
 * and the tag's feed on PostgreSQL with enough posts that the planner chooses for itself. Each
 * statement is answered through an index (decision 186), never by reading every post, and each
 * total is the filter's, not the page's.
 */
let t: TestApp;
const POSTS = 20_000;
let rare: string;
let common: string;

beforeAll(async () => {
  t = await createTestApp();
  // One post in 10 a draft, one in 50 a scheduled draft, the rest published; blog and press mixed.
  await t.db
    .query(`INSERT INTO posts (post_type, slug, title, description, content, author_name, status, published_at, publish_at, created_at, updated_at)
    SELECT CASE WHEN i % 5 = 0 THEN 'press_release' ELSE 'blog' END, 'tag-plan-' || i, 'Post ' || i, 'About ' || i, '<p>Body ' || i || '.</p>', 'Plan Author',
           CASE WHEN i % 10 = 0 OR i % 50 = 1 THEN 'draft' ELSE 'published' END,
           CASE WHEN i % 10 = 0 OR i % 50 = 1 THEN NULL ELSE now() - i * interval '1 hour' END,
           CASE WHEN i % 50 = 1 THEN now() + i * interval '1 hour' END,
           now() - i * interval '1 hour', now() - i * interval '1 hour'
      FROM generate_series(1, ${POSTS}) i`);
  rare = (await t.db.query<{ id: string }>(`INSERT INTO tags (name, slug) VALUES ('Rare', 'rare') RETURNING id`)).rows[0]!.id;
  common = (await t.db.query<{ id: string }>(`INSERT INTO tags (name, slug) VALUES ('Common', 'common') RETURNING id`)).rows[0]!.id;
  await t.db.query(`INSERT INTO tags (name, slug) SELECT 'Other ' || i, 'other-' || i FROM generate_series(1, 200) i`);
  // The rare tag on one post in 100; the common one on one in 3; 200 other tags spread over every post.
  await t.db.query(`INSERT INTO post_tags (post_id, tag_id) SELECT id, $1 FROM posts WHERE slug ~ '^tag-plan-[0-9]*03$'`, [rare]);
  await t.db.query(
    `INSERT INTO post_tags (post_id, tag_id) SELECT id, $1 FROM posts WHERE slug LIKE 'tag-plan-%' AND substring(slug from 10)::int % 3 = 0`,
    [common],
  );
  await t.db.query(`INSERT INTO post_tags (post_id, tag_id)
    SELECT p.id, t.id FROM posts p JOIN tags t ON t.slug = 'other-' || (1 + substring(p.slug from 10)::int % 200) WHERE p.slug LIKE 'tag-plan-%'`);
  await t.db.query('VACUUM ANALYZE posts');
  await t.db.query('VACUUM ANALYZE post_tags');
  await t.db.query('VACUUM ANALYZE tags');
}, 180_000);
afterAll(() => t.close());

const planOf = async (statement: { text: string; params: unknown[] }) =>
  (await t.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement.text}`, statement.params)).rows.map((r) => r['QUERY PLAN']).join('\n');

const truth = async (where: string, params: unknown[] = []) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM posts WHERE ${where}`, params)).rows[0]!.n;

describe("the operators' post filters at 20,000 posts (PostgreSQL)", () => {
  const cases: { name: string; query: Parameters<typeof listAdminPosts>[1]; where: () => [string, unknown[]] }[] = [
    {
      name: 'drafts',
      query: { post_type: 'blog', status: 'draft', limit: 20 },
      where: () => [`post_type = 'blog' AND status = 'draft' AND publish_at IS NULL`, []],
    },
    {
      name: 'scheduled',
      query: { post_type: 'blog', status: 'scheduled', limit: 20 },
      where: () => [`post_type = 'blog' AND publish_at IS NOT NULL`, []],
    },
    {
      name: 'published press',
      query: { post_type: 'press_release', status: 'published', limit: 20 },
      where: () => [`post_type = 'press_release' AND status = 'published'`, []],
    },
    {
      name: 'a rare tag',
      query: { post_type: 'blog', tag: 'rare', limit: 20 },
      where: () => [`post_type = 'blog' AND id IN (SELECT post_id FROM post_tags WHERE tag_id = $1)`, [rare]],
    },
    {
      name: 'a rare tag, published',
      query: { post_type: 'blog', tag: 'rare', status: 'published', limit: 20 },
      where: () => [`post_type = 'blog' AND status = 'published' AND id IN (SELECT post_id FROM post_tags WHERE tag_id = $1)`, [rare]],
    },
    {
      name: 'a rare tag and words',
      query: { post_type: 'blog', tag: 'rare', q: 'Post 1', limit: 20 },
      where: () => [`post_type = 'blog' AND title ILIKE '%Post 1%' AND id IN (SELECT post_id FROM post_tags WHERE tag_id = $1)`, [rare]],
    },
  ];
  for (const c of cases) {
    it(`lists ${c.name} through indexes, with the filter's true total`, async () => {
      const query = { ...c.query, ...(c.query.tag ? { tag: c.query.tag === 'rare' ? rare : common } : {}) };
      const [where, params] = c.where();
      const { result, sent } = await recordStatements(t.db, (db) => listAdminPosts(db, query));
      expect(result.total?.n, c.name).toBe(Math.min(await truth(where, params), COUNT_CAP));
      expect(result.posts.length, c.name).toBe(Math.min(20, result.total!.n));
      for (const statement of sent) expect(await planOf(statement), c.name).not.toMatch(/Seq Scan on posts/);
    });
  }

  it('a common tag (one post in 3) counts up to the cap and pages by the cursor', async () => {
    const { result } = await recordStatements(t.db, (db) => listAdminPosts(db, { post_type: 'blog', tag: common, limit: 20 }));
    const n = await truth(`post_type = 'blog' AND id IN (SELECT post_id FROM post_tags WHERE tag_id = $1)`, [common]);
    expect(n).toBeGreaterThan(COUNT_CAP);
    expect(result.total).toEqual({ n: COUNT_CAP, capped: true });
    expect(result.next).toBeDefined();
  });
});

describe('the public tag page and feed at 20,000 posts (PostgreSQL)', () => {
  it("reads a tag's page and total through post_tags, never reading every post", async () => {
    const expected = await truth(
      `status = 'published' AND post_type = 'blog' AND id IN (SELECT post_id FROM post_tags WHERE tag_id = $1)`,
      [rare],
    );
    const { result, sent } = await recordStatements(t.db, (db) => readTagPage(db, 'rare', { page: 2, limit: 9 }));
    expect(result.total).toBe(expected);
    expect(result.posts).toHaveLength(9);
    for (const statement of sent) expect(await planOf(statement)).not.toMatch(/Seq Scan on posts/);
  });

  it("builds a rare tag's feed through post_tags", async () => {
    const { result, sent } = await recordStatements(t.db, (db) => listPublishedForFeeds(db, 'blog', 50, 600_000, rare));
    expect(result.length).toBe(50);
    for (const statement of sent) expect(await planOf(statement)).not.toMatch(/Seq Scan on posts/);
  });
});
