import { firstReads } from '@assay/shared';
import { describe, expect, it } from 'vitest';
import { listCacheQuery } from './public-reads.ts';

const key = (query: string) => listCacheQuery(new URLSearchParams(query));

describe('the post list copy key', () => {
  it('is the query exactly as the app sends it, so its reads are answered before Fastify', () => {
    const reads = ['/blog', '/press-releases', '/blog/a-post', '/press-releases/a-release']
      .flatMap((page) => firstReads(page))
      .filter((u) => u.startsWith('/api/blog/posts?'));
    expect(reads.length).toBeGreaterThanOrEqual(4);
    for (const url of reads) expect(key(url.split('?')[1]!), url).toBe(url.split('?')[1]);
  });

  it('is the same for another order, extra parameters, defaults written out and other spellings of a value', () => {
    const canonical = key('post_type=blog&limit=9');
    for (const q of [
      'limit=9&post_type=blog',
      'post_type=blog&limit=9&utm_source=x',
      'post_type=blog&limit=09',
      'post_type=blog&limit=9&page=1',
      'post_type=blog&limit=9&q=%20',
      'post_type=blog&limit=9&featured_only=false',
    ]) {
      expect(key(q), q).toBe(canonical);
    }
    expect(key('post_type=blog&limit=9&q=%20patent%20')).toBe('post_type=blog&limit=9&q=patent');
  });

  it('is null (nothing kept) for a query the read refuses or a repeated parameter', () => {
    for (const q of ['post_type=blog&limit=0', 'post_type=nope', 'post_type=blog&post_type=press_release', 'limit=9&limit=10'])
      expect(key(q), q).toBeNull();
  });
});
