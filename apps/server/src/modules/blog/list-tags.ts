import type { AdminTag } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { containsPattern } from '../../lib/sql.ts';

/** Tags by name for the operators (the editor's picker and the tag manager), each with its post count. */
export async function listTags(db: Queryable, q: { q?: string | undefined; limit: number }): Promise<{ tags: AdminTag[] }> {
  const text = q.q?.trim();
  const r = await db.query<AdminTag>(
    `SELECT t.id, t.name, t.slug, (SELECT count(*)::int FROM post_tags pt WHERE pt.tag_id = t.id) AS post_count
       FROM tags t ${text ? 'WHERE t.name ILIKE $2' : ''}
      ORDER BY lower(t.name), t.id LIMIT $1`,
    text ? [q.limit, containsPattern(text)] : [q.limit],
  );
  return { tags: r.rows };
}
