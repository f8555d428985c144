import { describe, expect, it } from 'vitest';
import { postsPerSitemap, sitemapIndexXml, sitemapPostsXml, type SitemapLimits } from './index.ts';

/** The worst case for one file: every post a press release with the longest slug the database accepts (120). */
const longest = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    post_type: 'press_release' as const,
    slug: `${String(i).padStart(6, '0')}-${'x'.repeat(113)}`,
    updated_at: new Date(),
  }));

describe('sitemap files stay within the protocol bounds whatever the slugs', () => {
  const sites = ['https://assay.example', 'https://a-much-longer-host-name.assay-reports.example.co.uk/'];
  it.each(sites)('at the protocol bounds (50,000 addresses, under 1 MB), for %s', (site) => {
    const perFile = postsPerSitemap(site);
    // A thousand per file (a rebuilt file stays cheap), which the longest slugs fit many times over.
    expect(perFile).toBe(1_000);
    const xml = sitemapPostsXml(site, longest(perFile));
    expect(longest(perFile)[0]!.slug).toHaveLength(120);
    expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(1_000_000);
  });

  it.each<SitemapLimits>([
    { maxUrls: 3, maxBytes: 1_000_000 },
    { maxUrls: 50_000, maxBytes: 2_000 },
    { maxUrls: 7, maxBytes: 1_500 },
  ])('at lowered bounds %o', (limits) => {
    const perFile = postsPerSitemap('https://assay.example', limits);
    expect(perFile).toBeLessThanOrEqual(limits.maxUrls);
    expect(Buffer.byteLength(sitemapPostsXml('https://assay.example', longest(perFile)))).toBeLessThanOrEqual(limits.maxBytes);
  });

  it('an index stays under 1 MB too: ~12,800 files (over 12 million posts), the first in order', () => {
    const xml = sitemapIndexXml('https://assay.example', 20_000);
    expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(1_000_000);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.length).toBeGreaterThan(12_000);
    expect(locs.slice(0, 3)).toEqual([
      'https://assay.example/sitemaps/pages.xml',
      'https://assay.example/sitemaps/posts-1.xml',
      'https://assay.example/sitemaps/posts-2.xml',
    ]);
    expect(postsPerSitemap('https://assay.example') * (locs.length - 1)).toBeGreaterThan(12_000_000);
  });
});
