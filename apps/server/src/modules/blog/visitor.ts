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
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * An anonymous visitor id for view counting: HMAC of the address under a salt derived from the
 * server secret and today's date (UTC). Every server process agrees on it, it changes each day,
 * and the address itself is never stored. The user agent only tells crawlers apart: it is the
 * sender's to choose, so it must not make one address count as many visitors.
 */
export function visitorHash(secret: string, ip: string, userAgent: string | undefined, now = Date.now()): string | null {
  if (!userAgent || BOT.test(userAgent)) return null;
  const day = today(secret, now);
  // Each read of a post asks: an address is hashed once a day (the profile in docs/benchmarks.md).
  let hash = day.hashes.get(ip);
  if (hash === undefined) {
    if (day.hashes.size >= MAX_HASHES) day.hashes.clear();
    hash = hmac(day.salt, visitorAddress(ip)).slice(0, 32);
    day.hashes.set(ip, hash);
  }
  return hash;
}

const DAY_MS = 86_400_000;
/** Addresses whose hash is kept for the day; past this the kept ones are dropped and made again. */
const MAX_HASHES = 10_000;

interface Day {
  secret: string;
  from: number;
  until: number;
  salt: string;
  hashes: Map<string, string>;
}
let current: Day = { secret: '', from: 0, until: 0, salt: '', hashes: new Map() };

/** The UTC day's salt and the hashes made with it, worked out when the day (or secret) changes. */
function today(secret: string, now: number): Day {
  if (current.secret === secret && now >= current.from && now < current.until) return current;
  const from = now - (((now % DAY_MS) + DAY_MS) % DAY_MS);
  const date = new Date(from).toISOString().slice(0, 10);
  current = { secret, from, until: from + DAY_MS, salt: hmac(secret, `post-views:${date}`), hashes: new Map() };
  return current;
}

/** View records only matter for an hour; old ones are cleared now and then. */
export async function pruneOldViews(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM post_views WHERE viewed_at < now() - interval '1 hour'`);
}
