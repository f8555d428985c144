import {
  DEFAULT_POST_AUTHOR,
  isExternalPress,
  postByline,
  POST_EDITOR_MSG,
  type PostInputParsed,
  type PostStatus,
  type PostType,
} from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AdminPostRow, PostMetaRow } from './post-row.ts';

/**
 * A post's authors, feature image text, publication date and overrides (decision 206): what a
 * save writes, from the request and (on PUT, for fields it omits) the post as it is.
 */

type MetaColumns = Omit<PostMetaRow, 'author_list'>;
const META_KEYS = [
  'image_alt',
  'image_caption',
  'canonical_url',
  'og_title',
  'og_description',
  'og_image_url',
  'twitter_title',
  'twitter_description',
  'twitter_image_url',
] as const;

/** The columns to write: each field the request names, else what the post has (nothing, for a new post). */
export function metaToWrite(input: PostInputParsed, current: AdminPostRow | undefined): MetaColumns {
  const out = { image_decorative: input.image_decorative ?? current?.image_decorative ?? false } as MetaColumns;
  for (const k of META_KEYS) out[k] = input[k] === undefined ? (current?.[k] ?? null) : input[k];
  return out;
}

/**
 * A feature picture needs its alt text unless it is marked decorative. Autosaves of a draft are
 * let through (an image just uploaded, its alt not typed yet): the save that counts checks it.
 * A press release's outside address is a link, not a picture (docs/product.md §2).
 */
export function checkImageAlt(post: { post_type: PostType; image_url: string | null }, meta: MetaColumns, autosave: boolean): void {
  if (autosave || !post.image_url || isExternalPress(post) || meta.image_decorative) return;
  if (!meta.image_alt?.trim()) throw new AppError(422, POST_EDITOR_MSG.postImageAltRequired, 'validation_error');
}

/**
 * The publication date a save asks for, checked: only for a post that is (or is being) published,
 * never in the future (that is scheduling). Undefined: kept (or now, on first publication).
 */
export function requestedPublicationDate(publishedAt: string | undefined, status: PostStatus, now = new Date()): Date | undefined {
  if (publishedAt === undefined) return undefined;
  if (status !== 'published') throw new AppError(422, POST_EDITOR_MSG.postPublishedAtDraft, 'validation_error');
  const at = new Date(publishedAt);
  // A minute's grace for a clock a little ahead of ours ("now" typed in the form).
  if (at.getTime() > now.getTime() + 60_000) throw new AppError(422, POST_EDITOR_MSG.postPublishedAtFuture, 'publish_date_future');
  return at;
}

/**
 * The operator accounts named as authors, checked (each once, each existing), with their names in
 * the order given. Locked FOR KEY SHARE so an account cannot go while the post names it.
 */
export async function resolveAuthors(tx: Queryable, ids: string[]): Promise<{ id: string; name: string }[]> {
  const lower = ids.map((id) => id.toLowerCase());
  if (new Set(lower).size !== lower.length) throw new AppError(422, POST_EDITOR_MSG.postAuthorRepeated, 'validation_error');
  if (!lower.length) return [];
  const r = await tx.query<{ id: string; display_name: string | null }>(
    'SELECT id, display_name FROM operators WHERE id = ANY($1::uuid[]) FOR KEY SHARE',
    [lower],
  );
  const byId = new Map(r.rows.map((o) => [o.id.toLowerCase(), o]));
  return lower.map((id) => {
    const o = byId.get(id);
    if (!o) throw new AppError(422, POST_EDITOR_MSG.postAuthorUnknown, 'validation_error');
    // Readers see an author's public name, never the username (decision 208).
    if (!o.display_name) throw new AppError(422, POST_EDITOR_MSG.postAuthorNoPublicName, 'author_without_public_name');
    return { id, name: o.display_name };
  });
}

/** Replaces the post's authors (in the saving transaction, after the post row exists). */
export async function writeAuthors(tx: Queryable, postId: string, authors: { id: string }[]): Promise<void> {
  await tx.query('DELETE FROM post_authors WHERE post_id = $1', [postId]);
  if (!authors.length) return;
  await tx.query(
    `INSERT INTO post_authors (post_id, operator_id, position)
     SELECT $1, a.id, a.ord - 1 FROM unnest($2::uuid[]) WITH ORDINALITY AS a(id, ord)`,
    [postId, authors.map((a) => a.id)],
  );
}

/**
 * The byline: the one the request gives, else the chosen authors' names, else (PUT without
 * authors named) the one the post has, else DEFAULT_POST_AUTHOR.
 */
export function bylineToWrite(input: PostInputParsed, authors: { name: string }[] | undefined, current: AdminPostRow | undefined): string {
  if (input.author_name) return input.author_name;
  if (authors?.length) return postByline(authors.map((a) => a.name));
  if (authors === undefined && current) return current.author_name;
  return DEFAULT_POST_AUTHOR;
}
