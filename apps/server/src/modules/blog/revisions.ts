import { MSG, POST_EDITOR_MSG, type PostRevision, type PostRevisionMeta, type PostRevisionSummary, type PostTag } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import type { OperatorAuth } from '../operators/index.ts';
import type { AdminPostRow } from './post-row.ts';
import { tagsOfPost } from './post-tags.ts';

export type RevisionKind = PostRevision['kind'];

/** How many revisions a post keeps besides its published ones. */
export const KEPT_REVISIONS = 20;

const FIELDS = 'title, description, content, image_url, author_name, meta_title, meta_description';

/** What a revision stores of the post besides its text (decision 226): `gone` is worked out when it is read. */
type StoredMeta = Omit<PostRevisionMeta, 'authors' | 'tags'> & { authors: { id: string; name: string }[]; tags: PostTag[] };

/** The post's slug, date, authors, tags, image text and overrides as just saved. */
export function revisionMeta(post: AdminPostRow, tags: PostTag[]): StoredMeta {
  return {
    slug: post.slug,
    slug_custom: post.slug_custom,
    description_generated: post.description_generated,
    published_at: post.published_at?.toISOString() ?? null,
    image_alt: post.image_alt,
    image_caption: post.image_caption,
    image_decorative: post.image_decorative,
    canonical_url: post.canonical_url,
    og_title: post.og_title,
    og_description: post.og_description,
    og_image_url: post.og_image_url,
    twitter_title: post.twitter_title,
    twitter_description: post.twitter_description,
    twitter_image_url: post.twitter_image_url,
    authors: post.author_list.map((a) => ({ id: a.id.toLowerCase(), name: a.name })),
    tags: tags.map(({ id, name, slug }) => ({ id, name, slug })),
  };
}

/**
 * Records the post as just saved (in the saving transaction, after its tags and authors are
 * written; `tags` when the caller has them, else read here). A run of autosaves by one operator
 * keeps one revision, moved to the newest version, so typing does not push real saves out of the
 * last 20. Then everything but the last 20 and the published versions goes.
 */
export async function recordRevision(
  tx: Queryable,
  post: AdminPostRow,
  kind: RevisionKind,
  op: Pick<OperatorAuth, 'username'> & { id: string | null },
  tags?: PostTag[],
): Promise<void> {
  const meta = JSON.stringify(revisionMeta(post, tags ?? (await tagsOfPost(tx, post.id))));
  if (kind === 'autosave') {
    const r = await tx.query(
      `UPDATE post_revisions SET version = $2, title = $3, description = $4, content = $5, image_url = $6, author_name = $7,
              meta_title = $8, meta_description = $9, meta = $11::jsonb, created_at = now()
        WHERE id = (SELECT id FROM post_revisions WHERE post_id = $1 ORDER BY version DESC LIMIT 1)
          AND kind = 'autosave' AND operator_id = $10
       RETURNING id`,
      [
        post.id,
        post.version,
        post.title,
        post.description,
        post.content,
        post.image_url,
        post.author_name,
        post.meta_title,
        post.meta_description,
        op.id,
        meta,
      ],
    );
    if (r.rows.length) return;
  }
  await tx.query(
    `INSERT INTO post_revisions (post_id, version, kind, ${FIELDS}, meta, operator_id, operator_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13)`,
    [
      post.id,
      post.version,
      kind,
      post.title,
      post.description,
      post.content,
      post.image_url,
      post.author_name,
      post.meta_title,
      post.meta_description,
      meta,
      op.id,
      op.username,
    ],
  );
  await tx.query(
    `DELETE FROM post_revisions WHERE post_id = $1 AND kind <> 'published'
        AND id NOT IN (SELECT id FROM post_revisions WHERE post_id = $1 ORDER BY version DESC LIMIT ${KEPT_REVISIONS})`,
    [post.id],
  );
}

interface RevisionRow extends Omit<PostRevision, 'created_at' | 'meta'> {
  created_at: Date;
  meta: StoredMeta | null;
}

const summary = (r: Pick<RevisionRow, keyof PostRevisionSummary>): PostRevisionSummary => ({
  id: r.id,
  version: r.version,
  kind: r.kind,
  title: r.title,
  operator_name: r.operator_name,
  created_at: r.created_at.toISOString(),
});

/** A post's revisions, newest first. Another post's id, or none, is a 404. */
export async function listRevisions(db: Queryable, postId: string): Promise<{ revisions: PostRevisionSummary[] }> {
  if (!isUuid(postId)) throw notFound(MSG.postNotFound, 'post_not_found');
  const post = await db.query('SELECT 1 FROM posts WHERE id = $1', [postId]);
  if (!post.rows.length) throw notFound(MSG.postNotFound, 'post_not_found');
  const r = await db.query<RevisionRow>(
    `SELECT id, version, kind, title, operator_name, created_at FROM post_revisions WHERE post_id = $1 ORDER BY version DESC`,
    [postId],
  );
  return { revisions: r.rows.map(summary) };
}

/**
 * One revision of the post, whole. A revision of another post is a 404. Its tags and authors say
 * which are gone since (a tag deleted, an account removed or without a public name): a restore
 * cannot bring those back, and the view says so.
 */
export async function readRevision(db: Queryable, postId: string, revisionId: string): Promise<PostRevision> {
  if (!isUuid(postId) || !isUuid(revisionId)) throw notFound(POST_EDITOR_MSG.postRevisionNotFound, 'revision_not_found');
  const r = await db.query<RevisionRow & { live_tags: string[] | null; live_authors: string[] | null }>(
    `SELECT id, version, kind, operator_name, created_at, ${FIELDS}, meta,
            (SELECT array_agg(t.id::text) FROM tags t
              WHERE t.id = ANY(SELECT (x->>'id')::uuid FROM jsonb_array_elements(meta->'tags') x)) AS live_tags,
            (SELECT array_agg(o.id::text) FROM operators o
              WHERE o.display_name IS NOT NULL AND o.id = ANY(SELECT (x->>'id')::uuid FROM jsonb_array_elements(meta->'authors') x)) AS live_authors
       FROM post_revisions WHERE id = $1 AND post_id = $2`,
    [revisionId, postId],
  );
  const row = r.rows[0];
  if (!row) throw notFound(POST_EDITOR_MSG.postRevisionNotFound, 'revision_not_found');
  const liveTags = new Set(row.live_tags ?? []);
  const liveAuthors = new Set((row.live_authors ?? []).map((id) => id.toLowerCase()));
  const meta: PostRevisionMeta | null = row.meta && {
    ...row.meta,
    tags: row.meta.tags.map((t) => ({ ...t, gone: !liveTags.has(t.id) })),
    authors: row.meta.authors.map((a) => ({ ...a, gone: !liveAuthors.has(a.id.toLowerCase()) })),
  };
  return {
    ...summary(row),
    description: row.description,
    content: row.content,
    image_url: row.image_url,
    author_name: row.author_name,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    meta,
  };
}
