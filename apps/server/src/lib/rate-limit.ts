import type { Queryable } from '../db/client.ts';
import { tooManyRequests } from './errors.ts';

/** Adds one hit to a fixed-window counter kept in the database, so every server process shares it. */
async function bump(db: Queryable, key: string, windowSeconds: number) {
  const r = await db.query<{ hits: number; retry_after: number }>(
    `INSERT INTO rate_limits AS r (key, window_start, hits) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.window_start <= now() - make_interval(secs => $2) THEN 1 ELSE r.hits + 1 END,
       window_start = CASE WHEN r.window_start <= now() - make_interval(secs => $2) THEN now() ELSE r.window_start END
     RETURNING hits,
       GREATEST(1, CEIL(EXTRACT(EPOCH FROM (window_start + make_interval(secs => $2) - now()))))::int AS retry_after`,
    [key, windowSeconds],
  );
  return r.rows[0]!;
}

/** Counts every call; throws 429 (with Retry-After) once `limit` hits land in the current window. */
export async function hitRateLimit(db: Queryable, key: string, limit: number, windowSeconds: number): Promise<void> {
  const row = await bump(db, key, windowSeconds);
  if (row.hits > limit) throw tooManyRequests(row.retry_after);
}

export async function clearRateLimit(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE key = $1', [key]);
}

/** A counter of failures: once `limit` land within the window, further tries are refused. */
export interface FailureLimit {
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Refuses (429 with Retry-After) when any counter has reached its limit in its current window.
 * It only reads, so a caller that succeeds writes nothing: only failures count (countHit).
 */
export async function assertUnderLimits(db: Queryable, limits: FailureLimit[], detail?: string): Promise<void> {
  for (const l of limits) {
    const r = await db.query<{ retry_after: number }>(
      `SELECT GREATEST(1, CEIL(EXTRACT(EPOCH FROM (window_start + make_interval(secs => $2) - now()))))::int AS retry_after
         FROM rate_limits WHERE key = $1 AND hits >= $3 AND window_start > now() - make_interval(secs => $2)`,
      [l.key, l.windowSeconds, l.limit],
    );
    if (r.rows[0]) throw tooManyRequests(r.rows[0].retry_after, detail);
  }
}

/** Counts one failure on each counter; answers the counters this failure brought to their limit (a lock-out begins). */
export async function countHit(db: Queryable, limits: FailureLimit[]): Promise<FailureLimit[]> {
  const reached: FailureLimit[] = [];
  for (const l of limits) if ((await bump(db, l.key, l.windowSeconds)).hits === l.limit) reached.push(l);
  return reached;
}

/** Forgets every counter whose key names one of these values (an account's email or id, on deletion). */
export async function clearRateLimitsNaming(db: Queryable, values: string[]): Promise<number> {
  const r = await db.query('DELETE FROM rate_limits WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) v WHERE strpos(key, v) > 0)', [values]);
  return r.rowCount;
}
