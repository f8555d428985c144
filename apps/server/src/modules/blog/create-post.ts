import { randomUUID } from 'node:crypto';
import { POST_EDITOR_MSG, type PostInputParsed, type PostSaved } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import type { Db } from '../../db/client.ts';
import { contentChanged } from '../../lib/content-changes.ts';
import { audit, type OperatorAuth } from '../operators/index.ts';
import { cleanContent } from './clean-content.ts';
import { ADMIN_POST_COLUMNS, toAdminPost, type AdminPostRow } from './post-row.ts';
import { excerptFrom } from './excerpt.ts';
import { setPostTags, tagsOfPost } from './post-tags.ts';
import { recordRevision } from './revisions.ts';
import { queueScheduledPublish, scheduledTime } from './schedule.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { claimSlug, reserveSlug, slugify } from './slugs.ts';
import { conflict } from '../../lib/errors.ts';
import { bylineToWrite, checkImageAlt, metaToWrite, requestedPublicationDate, resolveAuthors, writeAuthors } from './post-meta.ts';

/** A new post (a draft unless the operator publishes it at once), its slug made from its title. */
export async function createPost(db: Db, queue: JobQueue, op: OperatorAuth, input: PostInputParsed): Promise<PostSaved> {
  const { html: content, removed } = cleanContent(input.content);
  const status = input.status ?? 'draft';
  const publishAt = status === 'published' ? null : scheduledTime(input.publish_at);
  const description = input.description || excerptFrom(content, input.title);
  const meta = metaToWrite(input, undefined);
  checkImageAlt(input, meta, false);
  const publishedAt = requestedPublicationDate(input.published_at, status);
  const saved = await db.transaction(async (tx: Queryable) => {
    const id = randomUUID();
    const authors = await resolveAuthors(tx, input.author_ids ?? []);
    let slug: string;
    if (input.slug) {
      if (!(await claimSlug(tx, input.post_type, input.slug, id))) throw conflict(POST_EDITOR_MSG.postSlugTaken, 'slug_taken');
      slug = input.slug;
    } else {
      slug = await reserveSlug(tx, input.post_type, slugify(input.title), id);
    }
    const r = await tx.query<AdminPostRow>(
      `INSERT INTO posts (id, post_type, slug, title, description, content, image_url, author_name, featured,
                          status, published_at, meta_title, meta_description, updated_by, publish_at, description_generated, slug_custom,
                          image_alt, image_caption, image_decorative, canonical_url, og_title, og_description, og_image_url,
                          twitter_title, twitter_description, twitter_image_url)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $10 = 'published' THEN COALESCE($27::timestamptz, now()) END, $11, $12, $13, $14, $15, $16,
               $17, $18, $19, $20, $21, $22, $23, $24, $25, $26)
       RETURNING ${ADMIN_POST_COLUMNS}`,
      [
        id,
        input.post_type,
        slug,
        input.title,
        description,
        content,
        input.image_url,
        bylineToWrite(input, authors, undefined),
        input.featured,
        status,
        input.meta_title,
        input.meta_description,
        op.username,
        publishAt,
        !input.description,
        Boolean(input.slug),
        meta.image_alt,
        meta.image_caption,
        meta.image_decorative,
        meta.canonical_url,
        meta.og_title,
        meta.og_description,
        meta.og_image_url,
        meta.twitter_title,
        meta.twitter_description,
        meta.twitter_image_url,
        publishedAt ?? null,
      ],
    );
    if (input.tag_ids) await setPostTags(tx, id, input.tag_ids);
    await writeAuthors(tx, id, authors);
    r.rows[0]!.author_list = authors;
    await queueScheduledPublish(queue, tx, r.rows[0]!);
    const tags = await tagsOfPost(tx, id);
    await recordRevision(tx, r.rows[0]!, status === 'published' ? 'published' : 'save', op, tags);
    await audit(tx, op, 'post.create', `post:${id}`, { post_type: input.post_type, slug, title: input.title, status });
    return toAdminPost(r.rows[0]!, tags);
  });
  contentChanged(db, 'posts');
  return { ...saved, removed };
}
