import type { Deps } from '../../deps.ts';
import type { PublicReads } from '../../http/public-cache.ts';
import { createViewCounter, type ViewCounter } from './view-counter.ts';
import { visitorHash } from './visitor.ts';

/**
 * The blog's public reads, answered from copies until a post changes: the lists and each post.
 * Every answer of a post, from a copy or not, notes a view for the batched counter.
 */
export function blogPublicReads(deps: Deps): PublicReads & { views: ViewCounter } {
  const views = createViewCounter(deps.db, deps.log);
  return {
    views,
    rules: [
      { route: 'GET /api/blog/posts', topics: ['posts'] },
      {
        route: 'GET /api/blog/posts/:slug',
        topics: ['posts'],
        note: (body) => (JSON.parse(body) as { id: string }).id,
        onServe(req, postId) {
          const visitor = visitorHash(deps.config.JWT_SECRET, req.ip, req.headers['user-agent']);
          if (visitor) views.record(postId as string, visitor);
        },
      },
    ],
    close: () => views.close(),
  };
}
