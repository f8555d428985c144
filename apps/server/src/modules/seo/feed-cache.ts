import type { Queryable } from '../../db/client.ts';
import { readCounter } from '../../lib/stat-counters.ts';

/**
 * The sitemap and feeds, built once and kept in this process until a post changes. The
 * database moves a version counter on every change a crawler could see (migration 050), so one
 * small read tells whether the copy is still good, whichever process changed the post.
 * `forget` drops every copy at once (a hook for a push notification of changes).
 */
export function createFeedCache(db: Queryable) {
  const copies = new Map<string, { version: number; body: string }>();
  return {
    async get(key: string, build: () => Promise<string>): Promise<string> {
      // Read the version before the posts: a change in between only makes the next request rebuild.
      const version = await readCounter(db, 'posts_version');
      const copy = copies.get(key);
      if (copy?.version === version) return copy.body;
      const body = await build();
      copies.set(key, { version, body });
      return body;
    },
    forget() {
      copies.clear();
    },
  };
}
