import { MSG, type PostSaved, type PostInputParsed } from '@assay/shared';
import type { Db } from '../../db/client.ts';
import { contentChanged } from '../../lib/content-changes.ts';
import { notFound } from '../../lib/errors.ts';
import { audit, type OperatorAuth } from '../operators/index.ts';
import { cleanContent } from './clean-content.ts';
import { isUuid } from '../../lib/sql.ts';
import { POST_COLUMNS, toPost, type PostRow } from './post-row.ts';
import { reserveSlug, slugify } from './slugs.ts';

const EDITABLE = ['title', 'description', 'content', 'image_url', 'post_type', 'author_name', 'featured', 'status', 'meta_title', 'meta_description'] as const;

/**
 * Replaces a post's fields (PUT). Status is kept when omitted.
 * Slugs are stable once a post has been published: a draft that never went out follows its
 * title, a published (or once-published) post keeps its address whatever its title becomes.
 * Moving a post to the other type moves its address with it (a free slug in that type).
 */
export async function updatePost(db: Db, op: OperatorAuth, id: string, input: PostInputParsed): Promise<PostSaved> {
  if (!isUuid(id)) throw notFound(MSG.postNotFound, 'post_not_found');
  const { html: content, removed } = cleanContent(input.content);
  const saved = await db.transaction(async (tx) => {
    const current = (await tx.query<PostRow>(`SELECT ${POST_COLUMNS} FROM posts WHERE id = $1 FOR UPDATE`, [id])).rows[0];
    if (!current) throw notFound(MSG.postNotFound, 'post_not_found');
    const everPublished = current.published_at !== null;
    const status = input.status ?? current.status;

    let slug = current.slug;
    const base = slugify(input.title);
    const followsTitle = slug === base || new RegExp(`^${base}-\\d+$`).test(slug);
    if (input.post_type !== current.post_type) {
      await tx.query('DELETE FROM post_slugs WHERE post_id = $1', [id]);
      slug = await reserveSlug(tx, input.post_type, everPublished ? current.slug : base, id);
    } else if (!everPublished && !followsTitle) {
      // Never public, so its old slug was never a link anyone could keep: release it.
      await tx.query('DELETE FROM post_slugs WHERE post_id = $1', [id]);
      slug = await reserveSlug(tx, input.post_type, base, id);
    }

    const next = { ...input, content, status };
    const changed = EDITABLE.filter((k) => next[k] !== current[k]);
    const r = await tx.query<PostRow>(
      `UPDATE posts SET post_type = $2, slug = $3, title = $4, description = $5, content = $6, image_url = $7,
              author_name = $8, featured = $9, status = $10,
              published_at = CASE WHEN $10 = 'published' THEN COALESCE(published_at, now()) ELSE published_at END,
              meta_title = $11, meta_description = $12, updated_at = now()
        WHERE id = $1 RETURNING ${POST_COLUMNS}`,
      [id, input.post_type, slug, input.title, input.description, content, input.image_url, input.author_name,
        input.featured, status, input.meta_title, input.meta_description],
    );
    await audit(tx, op, 'post.update', `post:${id}`, { post_type: input.post_type, slug, title: input.title, changed });
    return toPost(r.rows[0]!);
  });
  contentChanged(db, 'posts');
  return { ...saved, removed };
}
