import type { Queryable } from '../db/client.ts';
import { tooManyRequests } from './errors.ts';

/**
 * Fixed-window counter kept in the database, so every server process shares it.
 * Throws 429 (with Retry-After) once `limit` hits land in the current window.
 */
export async function hitRateLimit(
  db: Queryable,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<void> {
  const r = await db.query<{ hits: number; retry_after: number }>(
    `INSERT INTO rate_limits AS r (key, window_start, hits) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.window_start <= now() - make_interval(secs => $2) THEN 1 ELSE r.hits + 1 END,
       window_start = CASE WHEN r.window_start <= now() - make_interval(secs => $2) THEN now() ELSE r.window_start END
     RETURNING hits,
       GREATEST(1, CEIL(EXTRACT(EPOCH FROM (window_start + make_interval(secs => $2) - now()))))::int AS retry_after`,
    [key, windowSeconds],
  );
  const row = r.rows[0]!;
  if (row.hits > limit) throw tooManyRequests(row.retry_after);
}

export async function clearRateLimit(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE key = $1', [key]);
}
