import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { pruneOldViews } from './visitor.ts';

export interface ViewCounter {
  /** Notes a read of a post by a visitor (no database work here). */
  record(postId: string, visitor: string): void;
  /** Writes what was noted. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left (the app's shutdown). */
  close(): Promise<void>;
}

const FLUSH_MS = 2000;
/** More distinct reads than this between two flushes start a flush at once. */
const MAX_PENDING = 20_000;
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * Post views, counted off the read path (docs/decisions/121-batched-view-counts.md): a read is
 * noted in memory, once per post and visitor until the next flush, and every two seconds one
 * statement writes the batch. The database still decides what counts, as before: a visitor's view
 * counts when their last counted view of that post is more than an hour older, whichever process
 * saw it. Closing flushes, so a shutdown loses nothing.
 */
export function createViewCounter(db: Db, log: FastifyBaseLogger, opts: { flushMs?: number } = {}): ViewCounter {
  let pending = new Map<string, { postId: string; visitor: string; at: Date }>();
  let running: Promise<void> = Promise.resolve();
  let lastPrune = Date.now();

  const write = async (batch: typeof pending) => {
    const rows = [...batch.values()];
    try {
      await db.query(
        `WITH batch AS (
           SELECT b.post_id, b.visitor_hash, b.viewed_at
             FROM unnest($1::uuid[], $2::text[], $3::timestamptz[]) AS b (post_id, visitor_hash, viewed_at)
             JOIN posts p ON p.id = b.post_id
              FOR KEY SHARE OF p -- a post deleted meanwhile is skipped, not an error for the whole batch
         ), counted AS (
           INSERT INTO post_views AS pv (post_id, visitor_hash, viewed_at) SELECT * FROM batch
           ON CONFLICT (post_id, visitor_hash) DO UPDATE SET viewed_at = EXCLUDED.viewed_at
             WHERE pv.viewed_at <= EXCLUDED.viewed_at - interval '1 hour'
           RETURNING post_id
         )
         UPDATE posts p SET view_count = p.view_count + c.n
           FROM (SELECT post_id, count(*)::int AS n FROM counted GROUP BY post_id) c
          WHERE p.id = c.post_id`,
        [rows.map((r) => r.postId), rows.map((r) => r.visitor), rows.map((r) => r.at)],
      );
    } catch (err) {
      // Kept for the next flush (unless the same read was noted again meanwhile).
      log.warn({ err, views: rows.length }, 'writing post views failed; retrying with the next batch');
      for (const [key, r] of batch) if (!pending.has(key)) pending.set(key, r);
      return;
    }
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await pruneOldViews(db).catch((err: unknown) => log.warn({ err }, 'pruning post views failed'));
    }
  };

  const flush = () => {
    // One flush at a time, in order.
    running = running.then(() => {
      if (!pending.size) return;
      const batch = pending;
      pending = new Map();
      return write(batch);
    });
    return running;
  };

  const timer = setInterval(() => void flush(), opts.flushMs ?? FLUSH_MS).unref();

  return {
    record(postId, visitor) {
      const key = `${postId} ${visitor}`;
      if (pending.has(key)) return;
      pending.set(key, { postId, visitor, at: new Date() });
      if (pending.size >= MAX_PENDING) void flush();
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
