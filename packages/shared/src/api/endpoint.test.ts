import { describe, expect, it } from 'vitest';
import { blogEndpoints, endpointPath, endpointUrl, reportsEndpoints, siteEndpoints, systemEndpoints } from './index.ts';

describe('endpoint addresses', () => {
  it('put API paths under /api and crawler pages at the site root', () => {
    expect(endpointPath(systemEndpoints.health)).toBe('/api/health');
    expect(endpointPath(siteEndpoints.sitemap)).toBe('/sitemap.xml');
    expect(endpointPath(siteEndpoints.blogPost, { slug: 'ai & ip' })).toBe('/blog/ai%20%26%20ip');
  });

  it('fill every path parameter, encoded, and refuse a missing one', () => {
    expect(endpointPath(reportsEndpoints.download, { id: '../admin' })).toBe('/api/reports/..%2Fadmin/download');
    expect(() => endpointPath(reportsEndpoints.get)).toThrow('GET /reports/:id needs its "id" parameter');
    expect(() => endpointPath(blogEndpoints.read, { slug: '' })).toThrow('"slug"');
  });

  it('leave unset query values out and keep the order given', () => {
    expect(
      endpointUrl(blogEndpoints.list, {
        query: { post_type: 'blog', page: undefined, q: '', exclude: null, limit: 3, featured_only: true },
      }),
    ).toBe('/api/blog/posts?post_type=blog&limit=3&featured_only=true');
    expect(endpointUrl(blogEndpoints.list, { query: { q: 'a&b=c' } })).toBe('/api/blog/posts?q=a%26b%3Dc');
    expect(endpointUrl(blogEndpoints.list)).toBe('/api/blog/posts');
  });
});
