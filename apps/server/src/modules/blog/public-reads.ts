import type { IncomingMessage } from 'node:http';
import { blogEndpoints, endpointUrl, postListQuery, postListSearch } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { clientAddress, proxyTrust } from '../../http/client-address.ts';
import { queryObject, type PublicReads } from '../../http/public-cache.ts';
import { createViewCounter, type ViewCounter } from './view-counter.ts';
import { visitorHash } from './visitor.ts';

/**
 * The blog's public reads, answered from copies until a post changes: the lists and each post.
 * Every answer of a post, from a copy or not, notes a view for the batched counter.
 */
export function blogPublicReads(deps: Deps): PublicReads & { views: ViewCounter; countView: CountView } {
  const views = createViewCounter(deps.db, deps.log);
  const trust = proxyTrust(deps.config.TRUST_PROXY);
  const countView: CountView = (req, postId) => {
    const ip = clientAddress(req, trust);
    const visitor = ip && visitorHash(deps.config.JWT_SECRET, ip, req.headers['user-agent']);
    if (visitor) views.record(postId, visitor);
  };
  return {
    views,
    countView,
    rules: [
      // Kept under the address the app asks with (postListSearch): any other spelling of the same
      // list finds that copy, and parameters the read ignores are dropped (decision 173).
      { route: 'GET /api/blog/posts', topics: ['posts'], query: listCacheQuery },
      {
        route: 'GET /api/blog/posts/:slug',
        topics: ['posts'],
        note: (body) => (JSON.parse(body) as { id: string }).id,
        onServe: (req, postId) => countView(req, postId as string),
      },
      // A tag's page of posts (decision 204); tags change with the posts' topic (migration 204's triggers).
      { route: 'GET /api/blog/tags/:slug', topics: ['posts'] },
    ],
    close: () => views.close(),
  };
}

/** The list read's copy key: the query as the app writes it (postListSearch), whatever order or extras it came with. */
export function listCacheQuery(params: URLSearchParams): string | null {
  const raw = queryObject(params);
  const parsed = raw && postListQuery.safeParse(raw);
  if (!parsed?.success) return null;
  return endpointUrl(blogEndpoints.list, { query: postListSearch(parsed.data) }).split('?')[1] ?? '';
}

/** Notes a read of a post by the request's visitor (crawlers are not counted). */
export type CountView = (req: IncomingMessage, postId: string) => void;
