import { formatDayTime, MSG, POST_EDITOR_MSG, type PostSaved, type PostInputParsed } from '@assay/shared';
import type { Db, Queryable } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { contentChanged } from '../../lib/content-changes.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { audit, type OperatorAuth } from '../operators/index.ts';
import { cleanContent } from './clean-content.ts';
import { isUuid } from '../../lib/sql.ts';
import { ADMIN_POST_COLUMNS, toAdminPost, type AdminPostRow } from './post-row.ts';
import { excerptFrom } from './excerpt.ts';
import { setPostTags, tagsOfPost } from './post-tags.ts';
import { recordRevision } from './revisions.ts';
import { queueScheduledPublish, scheduledTime } from './schedule.ts';
import { claimSlug, reserveSlug, slugify } from './slugs.ts';
import { bylineToWrite, checkImageAlt, metaToWrite, requestedPublicationDate, resolveAuthors, writeAuthors } from './post-meta.ts';

const EDITABLE = [
  'title',
  'description',
  'content',
  'image_url',
  'post_type',
  'author_name',
  'featured',
  'status',
  'meta_title',
  'meta_description',
  'image_alt',
  'image_caption',
  'image_decorative',
  'canonical_url',
  'og_title',
  'og_description',
  'og_image_url',
  'twitter_title',
  'twitter_description',
  'twitter_image_url',
] as const;

/**
 * Replaces a post's fields (PUT). Status is kept when omitted.
 * Slugs are stable once a post has been published: a draft that never went out follows its
 * title, a published (or once-published) post keeps its address whatever its title becomes.
 * Moving a post to the other type moves its address with it (a free slug in that type).
 * With `version`, a post saved by anyone since is not overwritten (409, decision 201).
 */
export async function updatePost(
  db: Db,
  queue: JobQueue,
  op: OperatorAuth,
  id: string,
  input: PostInputParsed,
  /** A revision restore: `slugCustom` puts back whether the revision's slug was chosen or followed its title (decision 226). */
  o: { restoring?: boolean; slugCustom?: boolean } = {},
): Promise<PostSaved> {
  if (!isUuid(id)) throw notFound(MSG.postNotFound, 'post_not_found');
  const { html: content, removed } = cleanContent(input.content);
  const saved = await db.transaction(async (tx) => {
    const current = await lockForSave(tx, id, input.version);
    const everPublished = current.published_at !== null;
    const status = input.status ?? current.status;
    if (input.autosave && (status === 'published' || current.status === 'published')) {
      throw new AppError(422, POST_EDITOR_MSG.postAutosaveRefused, 'autosave_published');
    }
    // A schedule kept as it was may have just come due (its job is on its way): not refused as past.
    const keptSchedule = current.publish_at && input.publish_at && new Date(input.publish_at).getTime() === current.publish_at.getTime();
    const publishAt = status === 'published' ? null : keptSchedule ? current.publish_at : scheduledTime(input.publish_at);

    let slug = current.slug;
    let slugCustom = o.slugCustom ?? current.slug_custom;
    const base = slugify(input.title);
    const followsTitle = slug === base || new RegExp(`^${base}-\\d+$`).test(slug);
    if (input.post_type !== current.post_type) {
      await tx.query('DELETE FROM post_slugs WHERE post_id = $1', [id]);
      slug = await reserveSlug(tx, input.post_type, input.slug ?? (everPublished || slugCustom ? current.slug : base), id);
    } else if (input.slug && input.slug !== current.slug) {
      // The operator's own address. A post never published lets its old one go (nobody could
      // have linked to it); a published one keeps it, and reading it redirects here (decision 031).
      if (!everPublished) await tx.query('DELETE FROM post_slugs WHERE post_id = $1 AND slug <> $2', [id, input.slug]);
      if (!(await claimSlug(tx, input.post_type, input.slug, id))) throw conflict(POST_EDITOR_MSG.postSlugTaken, 'slug_taken');
      slug = input.slug;
      slugCustom = o.slugCustom ?? true;
    } else if (!everPublished && !slugCustom && !followsTitle) {
      // Never public, so its old slug was never a link anyone could keep: release it.
      await tx.query('DELETE FROM post_slugs WHERE post_id = $1', [id]);
      slug = await reserveSlug(tx, input.post_type, base, id);
    }

    const description = input.description || excerptFrom(content, input.title);
    const meta = metaToWrite(input, current);
    // A restored revision brings back an image whose alt text may never have been written.
    checkImageAlt(input, meta, Boolean(input.autosave) || Boolean(o.restoring));
    const publishedAt = requestedPublicationDate(input.published_at, status);
    const authors = input.author_ids === undefined ? undefined : await resolveAuthors(tx, input.author_ids);
    if (authors) await writeAuthors(tx, id, authors);
    const authorName = bylineToWrite(input, authors, current);
    const next = { ...input, ...meta, author_name: authorName, description, content, status };
    const changed: string[] = EDITABLE.filter((k) => next[k] !== current[k]);
    if (authors && authors.map((a) => a.id).join() !== current.author_list.map((a) => a.id.toLowerCase()).join()) changed.push('authors');
    if (publishedAt && publishedAt.getTime() !== current.published_at?.getTime()) changed.push('published_at');
    const r = await tx.query<AdminPostRow>(
      `UPDATE posts SET post_type = $2, slug = $3, title = $4, description = $5, content = $6, image_url = $7,
              author_name = $8, featured = $9, status = $10,
              published_at = CASE WHEN $10 = 'published' THEN COALESCE($27::timestamptz, published_at, now()) ELSE published_at END,
              meta_title = $11, meta_description = $12, updated_at = now(), version = version + 1, updated_by = $13,
              publish_at = $14, description_generated = $15, slug_custom = $16,
              image_alt = $17, image_caption = $18, image_decorative = $19, canonical_url = $20, og_title = $21, og_description = $22,
              og_image_url = $23, twitter_title = $24, twitter_description = $25, twitter_image_url = $26
        WHERE id = $1 RETURNING ${ADMIN_POST_COLUMNS}`,
      [
        id,
        input.post_type,
        slug,
        input.title,
        description,
        content,
        input.image_url,
        authorName,
        input.featured,
        status,
        input.meta_title,
        input.meta_description,
        op.username,
        publishAt,
        !input.description,
        slugCustom,
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
    const post = r.rows[0]!;
    const tagsBefore = input.tag_ids
      ? (await tagsOfPost(tx, id))
          .map((t) => t.id)
          .sort()
          .join()
      : '';
    if (input.tag_ids) await setPostTags(tx, id, input.tag_ids);
    const tags = await tagsOfPost(tx, id);
    if (
      input.tag_ids &&
      tagsBefore !==
        tags
          .map((t) => t.id)
          .sort()
          .join()
    )
      changed.push('tags');
    if (!keptSchedule) await queueScheduledPublish(queue, tx, post);
    await recordRevision(tx, post, input.autosave ? 'autosave' : status === 'published' ? 'published' : 'save', op, tags);
    // Autosaves are not audited one by one: the revision list says who wrote what, and when.
    if (!input.autosave)
      await audit(tx, op, 'post.update', `post:${id}`, { post_type: input.post_type, slug, title: input.title, changed });
    return toAdminPost(post, tags);
  });
  contentChanged(db, 'posts');
  return { ...saved, removed };
}

/**
 * The post, locked for this save. When the editor names the version it started from and the
 * post has moved on, the save stops here: 409 saying who saved it and when.
 */
export async function lockForSave(tx: Queryable, id: string, version: number | undefined): Promise<AdminPostRow> {
  const current = (await tx.query<AdminPostRow>(`SELECT ${ADMIN_POST_COLUMNS} FROM posts WHERE id = $1 FOR UPDATE`, [id])).rows[0];
  if (!current) throw notFound(MSG.postNotFound, 'post_not_found');
  if (version !== undefined && version !== current.version) {
    const when = formatDayTime(current.updated_at, 'UTC');
    throw conflict(POST_EDITOR_MSG.postEditConflict(current.updated_by ?? 'Another operator', when), 'post_conflict');
  }
  return current;
}
