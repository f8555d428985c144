import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../../lib/paging.ts';
import { recordStatements, seqScanReads } from '../../../test/plans.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { listAdminPosts } from './list-admin-posts.ts';
import { listPublishedPosts } from './list-published-posts.ts';

/*
 * Issue 32 item 4: the public blog search on PostgreSQL with enough posts that the planner
 * chooses for itself. Its page and total come from one statement, which finds the matches
 * through the full-text and trigram indexes and never reads the posts table whole.
 */
let t: TestApp;
const POSTS = 20_000;

beforeAll(async () => {
  t = await createTestApp();
  // Varied titles and bodies from a small vocabulary; one post in 1,000 mentions a pangolin in its body only.
  await t.db
    .query(`INSERT INTO posts (post_type, slug, title, description, content, author_name, status, published_at, created_at, updated_at)
    SELECT CASE WHEN i % 5 = 0 THEN 'press_release' ELSE 'blog' END, 'plan-post-' || i,
           initcap(w[1 + i % 23]) || ' and ' || w[1 + (i / 23) % 23] || ' in case ' || i,
           'Notes on ' || w[1 + (i / 7) % 23] || ' from the ' || w[1 + (i / 11) % 23] || ' desk.',
           '<p>' || w[1 + (i / 3) % 23] || ' ' || w[1 + (i / 5) % 23] || ' ' || w[1 + (i / 13) % 23] || '.</p>'
             || CASE WHEN i % 1000 = 17 THEN '<p>A pangolin scale sensor.</p>' ELSE '' END,
           'Plan Author', 'published', now() - i * interval '1 hour', now() - i * interval '1 hour', now() - i * interval '1 hour'
      FROM generate_series(1, ${POSTS}) i,
      LATERAL (SELECT string_to_array('licensing readiness microfluidics patents spin-outs royalties diligence valuation '
        || 'prototypes membranes sensors catalysts vaccines batteries robotics genomics photonics polymers '
        || 'irrigation desalination semiconductors antibodies biochar', ' ') AS w) v`);
  await t.db.query('VACUUM ANALYZE posts');
}, 120_000);
afterAll(() => t.close());

const truth = async (where: string, params: unknown[]) =>
  (
    await t.db.query<{ slug: string }>(
      `SELECT slug FROM posts WHERE status = 'published' AND post_type = 'blog' AND ${where}
    ORDER BY published_at DESC, created_at DESC, id DESC`,
      params,
    )
  ).rows.map((r) => r.slug);

describe('blog search at 20,000 posts (PostgreSQL)', () => {
  const cases = [
    { q: 'pangolin', where: `search_vector @@ websearch_to_tsquery('english', 'pangolin')`, uses: /Bitmap Index Scan on posts_search_idx/ },
    {
      q: 'desalinat',
      where: `(search_vector @@ websearch_to_tsquery('english', 'desalinat') OR title ILIKE '%desalinat%' OR description ILIKE '%desalinat%')`,
      uses: /Bitmap Index Scan on posts_public_search_trgm_idx/,
    },
    // Dense: a part of a word in every 23rd title and two in 23 descriptions ("licensing"); one LIKE
    // on one text is looked up beside the full-text index, where two ILIKEs read every post.
    {
      q: 'lice',
      where: `(search_vector @@ websearch_to_tsquery('english', 'lice') OR title ILIKE '%lice%' OR description ILIKE '%lice%')`,
      uses: /Bitmap Index Scan on posts_public_search_trgm_idx/,
    },
    // Fewer than 3 letters in a row: whole words only (no trigram can look "ip" up).
    { q: 'ip', where: `search_vector @@ websearch_to_tsquery('english', 'ip')`, uses: /Bitmap Index Scan on posts_search_idx/ },
  ];
  for (const c of cases) {
    it(`answers "${c.q}" in one statement through the indexes, with the page and total right`, async () => {
      const expected = await truth(c.where, []);
      for (const page of [1, 2, Math.max(1, Math.ceil(expected.length / 10)) + 1]) {
        const { result, sent } = await recordStatements(t.db, (db) =>
          listPublishedPosts(db, { post_type: 'blog', page, limit: 10, q: c.q }),
        );
        expect(sent, c.q).toHaveLength(1);
        expect(result.total, c.q).toBe(expected.length);
        expect(
          result.posts.map((p) => p.slug),
          `${c.q} page ${page}`,
        ).toEqual(expected.slice((page - 1) * 10, page * 10));
        if (page > 1) continue;
        const plan = (await t.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sent[0]!.text}`, sent[0]!.params)).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
        expect(plan, c.q).toMatch(c.uses);
        expect(plan, c.q).not.toMatch(/Seq Scan on posts/);
      }
    });
  }
});

describe("the operator's post search at 20,000 posts (PostgreSQL)", () => {
  it('finds a slug, a title or a description through the trigram indexes, never reading every post', async () => {
    for (const q of ['plan-post-1234', 'pangolin scale', 'desalination']) {
      const { result, sent } = await recordStatements(t.db, (db) => listAdminPosts(db, { post_type: 'blog', q, limit: 20 }));
      const expected = (
        await t.db.query<{ id: string }>(
          `SELECT id FROM posts WHERE post_type = 'blog' AND (title ILIKE $1 OR slug ILIKE $1 OR description ILIKE $1)`,
          [`%${q}%`],
        )
      ).rows;
      expect(result.total, q).toEqual({ n: Math.min(expected.length, COUNT_CAP), capped: expected.length > COUNT_CAP });
      // A search matching more than the cap may be counted by a scan that stops at the cap; none
      // reads the posts whole, nor half of them.
      for (const statement of sent)
        for (const [table, rows] of await seqScanReads(t.db, statement)) expect(rows, `${q}: ${table}`).toBeLessThan(POSTS / 2);
    }
  });
});
