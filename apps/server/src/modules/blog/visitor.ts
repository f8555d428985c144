import type { Queryable } from '../../db/client.ts';
import { hmac } from '../../lib/secrets.ts';

/** Crawlers and link previewers read posts without counting as views. */
const BOT = /bot|crawl|spider|slurp|preview|facebookexternalhit|embedly|curl|wget|python-requests|httpclient/i;

/**
 * An anonymous visitor id for view counting: HMAC(IP + user-agent) under a salt derived from
 * the server secret and today's date (UTC). Every server process agrees on it, it changes each
 * day, and the address itself is never stored.
 */
export function visitorHash(secret: string, ip: string, userAgent: string | undefined, now = new Date()): string | null {
  if (!userAgent || BOT.test(userAgent)) return null;
  const salt = hmac(secret, `post-views:${now.toISOString().slice(0, 10)}`);
  return hmac(salt, `${ip}\n${userAgent}`).slice(0, 32);
}

/** View records only matter for an hour; old ones are cleared now and then. */
export async function pruneOldViews(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM post_views WHERE viewed_at < now() - interval '1 hour'`);
}
