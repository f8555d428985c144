import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/client.ts';

/**
 * One worker attempt at a time per report (docs/decisions/058): an attempt takes the report's
 * lease atomically in the database, its worker's heartbeat renews it, and every write checks
 * it under the report row's lock. A worker that dies stops renewing; once the lease expires,
 * another worker may take it and resume from the saved sections.
 */

/** The attempt no longer holds its report: another worker resumed it, or it ended. Stop writing. */
export class LeaseLostError extends Error {
  constructor(reportId: string) {
    super(`report ${reportId}: lease lost to another worker`);
    this.name = 'LeaseLostError';
  }
}

export interface ReportLease {
  readonly reportId: string;
  readonly owner: string;
  /** 1 for the report's first attempt; crashed attempts count too. */
  readonly attempt: number;
  /** Aborted when the heartbeat finds the lease gone: stop asking the model. */
  readonly signal: AbortSignal;
  /** Runs fn in a transaction that holds the report row, only while this lease is held. */
  write<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Hands the report back at once (for a retry); ends the heartbeat. */
  release(): Promise<void>;
  /** Ends the heartbeat (the report completed or failed). */
  end(): void;
}

export interface ReportLeases {
  readonly ttlMs: number;
  /** The report's lease, unless it is finished or another live worker holds it. */
  take(reportId: string): Promise<ReportLease | undefined>;
  /** Stops the heartbeat: held leases expire and other workers resume their reports. */
  stop(): void;
}

/** One per worker process: a single heartbeat renews every lease the process holds. */
export function createReportLeases(db: Db, o: { ttlMs: number; log: FastifyBaseLogger }): ReportLeases {
  const ttlSeconds = o.ttlMs / 1000;
  const held = new Map<string, { reportId: string; controller: AbortController }>();

  const lost = (owner: string) => {
    const h = held.get(owner);
    held.delete(owner);
    h?.controller.abort(new LeaseLostError(h.reportId));
  };

  async function renewAll() {
    for (const [owner, { reportId }] of held) {
      const r = await db.query(
        `UPDATE reports SET lease_until = now() + make_interval(secs => $3)
          WHERE id = $1 AND lease_owner = $2 AND status = 'processing' RETURNING id`,
        [reportId, owner, ttlSeconds],
      );
      if (!r.rows.length) lost(owner);
    }
  }
  const heartbeat = setInterval(() => {
    renewAll().catch((err) => o.log.error({ err }, 'report lease heartbeat failed'));
  }, o.ttlMs / 3);
  heartbeat.unref();

  return {
    ttlMs: o.ttlMs,
    async take(reportId) {
      const owner = randomUUID();
      // Row lock + re-check: of two workers taking the same report at once, exactly one wins.
      const r = await db.query<{ attempts: number }>(
        `UPDATE reports SET lease_owner = $2, lease_until = now() + make_interval(secs => $3), attempts = attempts + 1
          WHERE id = $1 AND status = 'processing' AND (lease_until IS NULL OR lease_until < now())
          RETURNING attempts`,
        [reportId, owner, ttlSeconds],
      );
      if (!r.rows[0]) return undefined;
      const controller = new AbortController();
      held.set(owner, { reportId, controller });
      return {
        reportId,
        owner,
        attempt: r.rows[0].attempts,
        signal: controller.signal,
        write: (fn) =>
          db.transaction(async (tx) => {
            const mine = await tx.query(`SELECT 1 FROM reports WHERE id = $1 AND lease_owner = $2 AND status = 'processing' FOR UPDATE`, [
              reportId,
              owner,
            ]);
            if (!mine.rows.length) {
              lost(owner);
              throw new LeaseLostError(reportId);
            }
            return fn(tx);
          }),
        async release() {
          held.delete(owner);
          await db.query('UPDATE reports SET lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_owner = $2', [reportId, owner]);
        },
        end: () => void held.delete(owner),
      };
    },
    stop: () => clearInterval(heartbeat),
  };
}
