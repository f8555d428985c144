import type { PostSaved } from '@assay/shared';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { OperatorAuth } from '../operators/index.ts';
import { readRevision } from './revisions.ts';
import { updatePost } from './update-post.ts';
import { ADMIN_POST_COLUMNS, type AdminPostRow } from './post-row.ts';
import { MSG } from '@assay/shared';
import { notFound } from '../../lib/errors.ts';

/**
 * Puts a revision's text (title, description, content, image, author, SEO fields) back as a new
 * version, through the same save as the form: sanitised again, `version` checked, slug rules kept.
 * Status, type and featured stay as they are now, and so do the fields revisions do not keep
 * (authors, the feature image's alt and caption, the publication date, the overrides: decision 206).
 */
export async function restoreRevision(db: Db, queue: JobQueue, op: OperatorAuth, postId: string, revisionId: string, version: number | undefined): Promise<PostSaved> {
  const rev = await readRevision(db, postId, revisionId);
  const now = (await db.query<AdminPostRow>(`SELECT ${ADMIN_POST_COLUMNS} FROM posts WHERE id = $1`, [postId])).rows[0];
  if (!now) throw notFound(MSG.postNotFound, 'post_not_found');
  return updatePost(db, queue, op, postId, {
    title: rev.title,
    description: rev.description,
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
    // Authors, the image's alt and caption, dates and overrides are not in revisions: undefined keeps them as they are (decision 206).
    image_alt: undefined, image_caption: undefined, canonical_url: undefined, og_title: undefined, og_description: undefined,
    og_image_url: undefined, twitter_title: undefined, twitter_description: undefined, twitter_image_url: undefined,
  }, { restoring: true });
}
