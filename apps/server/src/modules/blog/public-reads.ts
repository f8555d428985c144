import type { IncomingMessage } from 'node:http';
import type { Deps } from '../../deps.ts';
import { clientAddress, proxyTrust } from '../../http/client-address.ts';
import type { PublicReads } from '../../http/public-cache.ts';
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
      { route: 'GET /api/blog/posts', topics: ['posts'] },
      {
        route: 'GET /api/blog/posts/:slug',
        topics: ['posts'],
        note: (body) => (JSON.parse(body) as { id: string }).id,
        onServe: (req, postId) => countView(req, postId as string),
      },
    ],
    close: () => views.close(),
  };
}

/** Notes a read of a post by the request's visitor (crawlers are not counted). */
export type CountView = (req: IncomingMessage, postId: string) => void;
