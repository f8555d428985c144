import { describe, expect, it } from 'vitest';
import { hmac } from '../../lib/secrets.ts';
import { visitorHash } from './visitor.ts';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0';
const noon = Date.UTC(2026, 10, 26, 12);
const HOUR = 3_600_000;
/** The hash as it is defined, worked out without the kept copies. */
const expected = (secret: string, date: string, address: string) => hmac(hmac(secret, `post-views:${date}`), address).slice(0, 32);

describe('visitorHash', () => {
  it('is the HMAC of the address under the day’s salt, the same for every read that day', () => {
    const first = visitorHash('s1', '203.0.113.7', UA, noon);
    expect(first).toBe(expected('s1', '2026-11-26', '203.0.113.7'));
    expect(visitorHash('s1', '203.0.113.7', UA, noon + 11 * HOUR)).toBe(first);
    expect(visitorHash('s1', '::ffff:203.0.113.7', UA, noon)).toBe(first);
    expect(visitorHash('s1', '203.0.113.8', UA, noon)).not.toBe(first);
  });

  it('changes at midnight UTC and with the secret, also for an address already hashed', () => {
    const today = visitorHash('s1', '203.0.113.7', UA, noon);
    const tomorrow = visitorHash('s1', '203.0.113.7', UA, noon + 12 * HOUR);
    expect(tomorrow).toBe(expected('s1', '2026-11-27', '203.0.113.7'));
    expect(tomorrow).not.toBe(today);
    // A clock that goes back a day is not answered from the later day's copies.
    expect(visitorHash('s1', '203.0.113.7', UA, noon)).toBe(today);
    expect(visitorHash('s2', '203.0.113.7', UA, noon)).toBe(expected('s2', '2026-11-26', '203.0.113.7'));
  });

  it('gives one hash to the addresses of an IPv6 /64 and none to crawlers or a missing user agent', () => {
    const a = visitorHash('s1', '2001:db8:1:2::1', UA, noon);
    expect(a).toBe(expected('s1', '2026-11-26', '2001:db8:1:2::/64'));
    expect(visitorHash('s1', '2001:db8:1:2:ffff::9', UA, noon)).toBe(a);
    expect(visitorHash('s1', '2001:db8:1:3::1', UA, noon)).not.toBe(a);
    expect(visitorHash('s1', '203.0.113.7', 'Googlebot/2.1', noon)).toBeNull();
    expect(visitorHash('s1', '203.0.113.7', undefined, noon)).toBeNull();
  });

  it('keeps answering correctly past the number of kept hashes', () => {
    for (let i = 0; i < 10_050; i++) visitorHash('s1', `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, UA, noon);
    expect(visitorHash('s1', '10.0.0.1', UA, noon)).toBe(expected('s1', '2026-11-26', '10.0.0.1'));
  });
});
