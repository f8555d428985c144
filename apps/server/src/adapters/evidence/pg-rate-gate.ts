import type { RateGate } from '@assay/report-engine';
import type { Db } from '../../db/client.ts';

/**
 * The PatentsView budget's ledger in PostgreSQL (migration 210), so every server and worker with
 * the same key draws from one budget: under an advisory lock per bucket, drop slots older than
 * the window, count the rest, take one if the limit allows. The database's clock decides, so
 * processes on machines whose clocks differ still agree.
 */
export function createPgRateGate(db: Db): RateGate {
  return {
    tryTake: (bucket, limit) =>
      db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`evidence-rate:${bucket}`]);
        await tx.query(
          `DELETE FROM evidence_rate_slots WHERE bucket = $1 AND taken_at <= clock_timestamp() - $2 * interval '1 millisecond'`,
          [bucket, limit.windowMs],
        );
        const { rows } = await tx.query<{ n: number; wait_ms: number | null }>(
          `SELECT count(*)::int AS n,
                  ceil(extract(epoch FROM (min(taken_at) + $2 * interval '1 millisecond' - clock_timestamp())) * 1000)::int AS wait_ms
             FROM evidence_rate_slots WHERE bucket = $1`,
          [bucket, limit.windowMs],
        );
        const { n, wait_ms } = rows[0]!;
        if (n < limit.requests) {
          await tx.query('INSERT INTO evidence_rate_slots (bucket) VALUES ($1)', [bucket]);
          return 0;
        }
        return Math.max(1, wait_ms ?? 1);
      }),
  };
}
