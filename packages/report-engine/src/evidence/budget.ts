/**
 * Rate budgets shared by everything that searches with one key. PatentsView allows 45 requests a
 * minute per key: every report, worker and server draws from the same budget, and a search over
 * it waits for a slot (queued) instead of failing. The ledger behind `RateGate` is a port: the
 * server keeps it in PostgreSQL when several processes share a key, in memory otherwise.
 */
import { createHash } from 'node:crypto';
import { sleep } from '../lib/retry-policy.ts';
import { SearchError } from './http.ts';

export interface RateLimit {
  requests: number;
  windowMs: number;
}

export interface RateGate {
  /**
   * Takes one slot of `bucket` if `limit` allows it now (returns 0), else returns how many ms
   * until the oldest slot in the window frees (nothing taken). Atomic across its users.
   */
  tryTake(bucket: string, limit: RateLimit): Promise<number>;
}

/** A sliding-window log per bucket, for one process. */
export function createMemoryRateGate(now: () => number = Date.now): RateGate {
  const logs = new Map<string, number[]>();
  return {
    async tryTake(bucket, limit) {
      const t = now();
      const log = (logs.get(bucket) ?? []).filter((at) => at > t - limit.windowMs);
      logs.set(bucket, log);
      if (log.length < limit.requests) {
        log.push(t);
        return 0;
      }
      return Math.max(1, log[0]! + limit.windowMs - t);
    },
  };
}

/** A bucket name that identifies a key without holding it (the ledger may be a shared table). */
export function budgetBucket(source: string, key: string): string {
  return `${source}:${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
}

/**
 * Waits until the gate grants a slot. Gives up only when aborted or after `maxWaitMs` in the
 * queue (a search that would wait longer than a report should is reported as rate-limited).
 */
export async function acquireSlot(
  gate: RateGate,
  bucket: string,
  limit: RateLimit,
  maxWaitMs: number,
  signal?: AbortSignal,
): Promise<void> {
  const started = Date.now();
  for (;;) {
    const wait = await gate.tryTake(bucket, limit);
    if (wait === 0) return;
    if (Date.now() - started + wait > maxWaitMs) {
      throw new SearchError(
        'rate_limited',
        `had no free request in its shared budget of ${limit.requests} a minute for ${Math.round(maxWaitMs / 1000)} s`,
      );
    }
    // A little jitter so queued searches from several processes do not all retry in the same millisecond.
    try {
      await sleep(wait + Math.floor(Math.random() * 25), signal);
    } catch {
      throw new SearchError('aborted', 'was stopped');
    }
  }
}

/**
 * A spent allowance (OpenAlex's daily budget, OPS's hourly or weekly quota): remembered so the
 * process stops asking until it resets, and every search meanwhile fails at once, saying so.
 */
export function createSpentMemo(now: () => number = Date.now) {
  let spent: SearchError | null = null;
  return {
    check() {
      if (spent?.until && spent.until.getTime() <= now()) spent = null;
      if (spent) throw spent;
    },
    note(error: SearchError) {
      if (error.failure === 'budget_spent') spent = error;
      return error;
    },
  };
}

/** The next midnight UTC (OpenAlex's daily allowance resets then). */
export function nextUtcMidnight(at: number): Date {
  const d = new Date(at);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1));
}
