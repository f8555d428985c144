import { isIPv6 } from 'node:net';
import type { Queryable } from '../../db/client.ts';
import { hmac } from '../../lib/secrets.ts';

/** Crawlers and link previewers read posts without counting as views. */
const BOT = /bot|crawl|spider|slurp|preview|facebookexternalhit|embedly|curl|wget|python-requests|httpclient/i;

/**
 * The address a visitor is counted by: the IP itself, or for IPv6 its /64 network, since one
 * household or device is handed a whole /64 and could otherwise count again from each address.
 */
export function visitorAddress(ip: string): string {
  if (!isIPv6(ip) || ip.includes('.')) return ip.replace(/^::ffff:/i, '');
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * An anonymous visitor id for view counting: HMAC of the address under a salt derived from the
 * server secret and today's date (UTC). Every server process agrees on it, it changes each day,
 * and the address itself is never stored. The user agent only tells crawlers apart: it is the
 * sender's to choose, so it must not make one address count as many visitors.
 */
export function visitorHash(secret: string, ip: string, userAgent: string | undefined, now = new Date()): string | null {
  if (!userAgent || BOT.test(userAgent)) return null;
  return hmac(dailySalt(secret, now), visitorAddress(ip)).slice(0, 32);
}

let lastSalt = { secret: '', day: '', salt: '' };
/** The day's salt, worked out once a day rather than on every read of a post. */
function dailySalt(secret: string, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  if (lastSalt.secret !== secret || lastSalt.day !== day) lastSalt = { secret, day, salt: hmac(secret, `post-views:${day}`) };
  return lastSalt.salt;
}

/** View records only matter for an hour; old ones are cleared now and then. */
export async function pruneOldViews(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM post_views WHERE viewed_at < now() - interval '1 hour'`);
}
