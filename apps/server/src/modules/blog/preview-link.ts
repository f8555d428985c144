import { MSG, POST_PREVIEW_MINUTES, type Post, type PostPreviewLink } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../lib/sql.ts';
import { POST_COLUMNS, toPost, type FullPostRow } from './post-row.ts';
import { tagsOfPost } from './post-tags.ts';

const PURPOSE = 'post_preview';

/**
 * `<payload>.<mac>`: the payload is the post's 16 id bytes and the expiry (unix seconds, 4 bytes),
 * the mac the first 16 bytes of HMAC-SHA256 over the purpose and payload. About 50 characters, so it
 * fits a path segment (a JWT would not: Fastify refuses path parameters over 100 characters).
 */
const mac = (secret: string, payload: Buffer) => createHmac('sha256', secret).update(PURPOSE).update(payload).digest().subarray(0, 16);

export function signPreviewToken(secret: string, postId: string, expiresAtSeconds: number): string {
  const payload = Buffer.alloc(20);
  Buffer.from(postId.replace(/-/g, ''), 'hex').copy(payload, 0);
  payload.writeUInt32BE(expiresAtSeconds, 16);
  return `${payload.toString('base64url')}.${mac(secret, payload).toString('base64url')}`;
}

/** The post id a token names, or undefined when it is malformed, forged or expired. */
export function verifyPreviewToken(secret: string, token: string, nowMs = Date.now()): string | undefined {
  const [p, m, ...rest] = token.split('.');
  if (!p || !m || rest.length) return undefined;
  const payload = Buffer.from(p, 'base64url');
  const given = Buffer.from(m, 'base64url');
  if (payload.length !== 20 || payload.toString('base64url') !== p || given.length !== 16 || given.toString('base64url') !== m)
    return undefined;
  if (!timingSafeEqual(given, mac(secret, payload))) return undefined;
  if (payload.readUInt32BE(16) * 1000 <= nowMs) return undefined;
  const hex = payload.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A signed, short-lived link that shows a post (draft or not) on the site as it is saved now,
 * for an operator to look at, or pass to a colleague, before publishing. The token is signed with
 * the server's secret and names the post; nothing is stored, so a link simply stops working when it expires.
 */
export async function createPreviewLink(db: Queryable, secret: string, id: string): Promise<PostPreviewLink> {
  if (!isUuid(id)) throw notFound(MSG.postNotFound, 'post_not_found');
  const exists = await db.query('SELECT 1 FROM posts WHERE id = $1', [id]);
  if (!exists.rows.length) throw notFound(MSG.postNotFound, 'post_not_found');
  const expiresAt = Math.floor(Date.now() / 1000) + POST_PREVIEW_MINUTES * 60;
  const token = signPreviewToken(secret, id, expiresAt);
  const expires = new Date(expiresAt * 1000);
  return { token, url: `/preview/${token}`, expires_at: expires.toISOString() };
}

/** The post a preview token names; a forged, expired or malformed token, or a deleted post, is a 404. */
export async function readPreview(db: Queryable, secret: string, token: string): Promise<Post> {
  const id = verifyPreviewToken(secret, token);
  if (!id || !isUuid(id)) throw notFound(MSG.postPreviewNotFound, 'preview_not_found');
  const r = await db.query<FullPostRow>(`SELECT ${POST_COLUMNS} FROM posts WHERE id = $1`, [id]);
  if (!r.rows[0]) throw notFound(MSG.postPreviewNotFound, 'preview_not_found');
  return toPost(r.rows[0], await tagsOfPost(db, r.rows[0].id));
}
