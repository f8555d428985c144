import type { Deps } from '../../deps.ts';
import { defineSweep } from '../../jobs/job-definition.ts';
import type { Queryable } from '../../db/client.ts';

/**
 * Housekeeping: rate-limit windows long over, and sessions that can no longer be refreshed
 * (expired or revoked a week ago; their refresh tokens go with them), evidence answers past their
 * day. Safe to run anywhere.
 */
export async function purgeExpired(db: Queryable): Promise<{ rateLimits: number; sessions: number }> {
  const limits = await db.query(`DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`);
  const sessions = await db.query(
    `DELETE FROM sessions WHERE expires_at < now() - interval '7 days' OR revoked_at < now() - interval '7 days'`,
  );
  // Evidence search answers older than the cache's day, and spent slots of the shared rate budgets (migration 210).
  await db.query(`DELETE FROM evidence_search_cache WHERE fetched_at < now() - interval '1 day'`);
  await db.query(`DELETE FROM evidence_rate_slots WHERE taken_at < now() - interval '1 hour'`);
  return { rateLimits: limits.rowCount, sessions: sessions.rowCount };
}

/** Hourly housekeeping. */
export const purgeExpiredSweep = defineSweep({
  name: 'system.purge-expired',
  everyMs: () => 60 * 60_000,
  async run(deps: Pick<Deps, 'db'>) {
    await purgeExpired(deps.db);
  },
});
