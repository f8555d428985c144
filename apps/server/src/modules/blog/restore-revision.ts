import { MSG, type PostInputParsed, type PostRevisionMeta, type PostSaved } from '@assay/shared';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { notFound } from '../../lib/errors.ts';
import type { OperatorAuth } from '../operators/index.ts';
import { ADMIN_POST_COLUMNS, type AdminPostRow } from './post-row.ts';
import { readRevision } from './revisions.ts';
import { updatePost } from './update-post.ts';

/**
 * Puts a revision back as a new version, through the same save as the form: sanitised again,
 * `version` checked, slug rules kept. Status, type, featured and schedule stay as they are now.
 * A revision that keeps the post's slug, date, authors, tags, image text and overrides (decision
 * 226) brings them all back; one written before (no `meta`) brings back its text and leaves the
 * rest as the post has it (undefined = kept, decision 206).
 */
export async function restoreRevision(
  db: Db,
  queue: JobQueue,
  op: OperatorAuth,
  postId: string,
  revisionId: string,
  version: number | undefined,
): Promise<PostSaved> {
  const rev = await readRevision(db, postId, revisionId);
  const now = (await db.query<AdminPostRow>(`SELECT ${ADMIN_POST_COLUMNS} FROM posts WHERE id = $1`, [postId])).rows[0];
  if (!now) throw notFound(MSG.postNotFound, 'post_not_found');
  const input: PostInputParsed = {
    title: rev.title,
    description: rev.meta?.description_generated ? '' : rev.description,
    content: rev.content,
    image_url: rev.image_url,
    author_name: rev.author_name,
    meta_title: rev.meta_title,
    meta_description: rev.meta_description,
    post_type: now.post_type,
    featured: now.featured,
    status: now.status,
    publish_at: now.publish_at?.toISOString() ?? null,
    slug: null,
    // Without a version from the caller, the post as just read: a save in between still conflicts.
    version: version ?? now.version,
    // An old revision (no meta): undefined keeps the post's own, as decision 206 has it.
    image_alt: undefined,
    image_caption: undefined,
    canonical_url: undefined,
    og_title: undefined,
    og_description: undefined,
    og_image_url: undefined,
    twitter_title: undefined,
    twitter_description: undefined,
    twitter_image_url: undefined,
    ...(rev.meta ? metaInput(rev.meta, now) : {}),
  };
  return updatePost(db, queue, op, postId, input, { restoring: true, slugCustom: rev.meta?.slug_custom });
}

/** The revision's slug, date, authors, tags, image text and overrides as a save's fields. */
function metaInput(meta: PostRevisionMeta, now: AdminPostRow): Partial<PostInputParsed> {
  return {
    // A slug that followed the title of a post never published follows the restored title again
    // (the same address when it is free); a chosen one, or any once the post has been public, is claimed.
    slug: meta.slug !== now.slug && (meta.slug_custom || now.published_at) ? meta.slug : null,
    // A publication date belongs to a published post; a draft keeps the date it has (decision 206).
    published_at: now.status === 'published' && meta.published_at ? meta.published_at : undefined,
    // What is gone since cannot come back: a deleted tag, an account removed or without a public name.
    tag_ids: meta.tags.filter((t) => !t.gone).map((t) => t.id),
    author_ids: meta.authors.filter((a) => !a.gone).map((a) => a.id),
    image_alt: meta.image_alt,
    image_caption: meta.image_caption,
    image_decorative: meta.image_decorative,
    canonical_url: meta.canonical_url,
    og_title: meta.og_title,
    og_description: meta.og_description,
    og_image_url: meta.og_image_url,
    twitter_title: meta.twitter_title,
    twitter_description: meta.twitter_description,
    twitter_image_url: meta.twitter_image_url,
  };
}
