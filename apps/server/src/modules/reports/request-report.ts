import { MSG, REPORT_COSTS, sectionsFor, type Complexity, type InventionRecord, type Report } from '@assay/shared';
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { placeHold } from '../tokens/index.ts';
import { findReport } from './find-report.ts';
import { reportJob } from './report-job.ts';
import { provisionalTitle, toReportView } from './report-view.ts';

const UNIQUE_VIOLATION = '23505';

export interface ReportRequestInput {
  idea: string;
  complexity: Complexity;
  /** The invention record the member confirmed; absent in the spec's bare body (the worker reads one). */
  record?: InventionRecord | undefined;
}

/**
 * Starts a report in ONE transaction: the tier's cost is held on the ledger, the report row
 * is written as processing, and its job is enqueued. Either all three happen or none, so no
 * charge without a job and no job without a charge. An Idempotency-Key makes a repeated
 * submit return the first report instead of charging again; the same key with another idea,
 * tier or record is refused (422), as Stripe does, rather than answered with a report the member
 * did not ask for. A confirmed record is stored with the report (the worker builds on it) and
 * its name is the report's title from the start: the member's facts beat our guesses.
 */
export async function requestReport(
  deps: Pick<Deps, 'db' | 'queue'>,
  userId: string,
  input: ReportRequestInput,
  idempotencyKey?: string,
): Promise<{ report: Report; created: boolean }> {
  const { db, queue } = deps;
  if (idempotencyKey) {
    const prior = await findByKey(deps, userId, idempotencyKey, input);
    if (prior) return { report: prior, created: false };
  }
  try {
    const id = await db.transaction(async (tx) => {
      const reportId = randomUUID();
      const cost = REPORT_COSTS[input.complexity];
      const holdId = await placeHold(tx, { userId, amount: cost, reportId });
      const title = input.record ? input.record.name.slice(0, 300) : provisionalTitle(input.idea);
      await tx.query(
        `INSERT INTO reports (id, user_id, title, idea, complexity, tokens_used, hold_id, sections_total, idempotency_key,
                              record, record_confirmed)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          reportId,
          userId,
          title,
          input.idea,
          input.complexity,
          cost,
          holdId,
          sectionsFor(input.complexity).length,
          idempotencyKey ?? null,
          input.record ? JSON.stringify(input.record) : null,
          Boolean(input.record),
        ],
      );
      await queue.enqueue(tx, reportJob, { reportId });
      return reportId;
    });
    return { report: toReportView(await findReport(db, id, userId)), created: true };
  } catch (err) {
    // A concurrent submit with the same key won: answer with its report.
    if (idempotencyKey && (err as { code?: string }).code === UNIQUE_VIOLATION) {
      const prior = await findByKey(deps, userId, idempotencyKey, input);
      if (prior) return { report: prior, created: false };
    }
    throw err;
  }
}

async function findByKey(deps: Pick<Deps, 'db'>, userId: string, key: string, input: ReportRequestInput) {
  const r = await deps.db.query<{ id: string }>('SELECT id FROM reports WHERE user_id = $1 AND idempotency_key = $2', [userId, key]);
  if (!r.rows[0]) return undefined;
  const prior = toReportView(await findReport(deps.db, r.rows[0].id, userId));
  if (prior.idea !== input.idea || prior.complexity !== input.complexity || !sameRecord(prior, input.record)) {
    throw new AppError(422, MSG.idempotencyKeyReused, 'idempotency_key_reused');
  }
  return prior;
}

/**
 * The same request as far as the record goes: both without a confirmed record (the worker may
 * have read one since), or both with the same one, compared as parsed values (key order apart).
 */
function sameRecord(prior: Report, record: InventionRecord | undefined): boolean {
  if (!record) return !prior.record_confirmed;
  return prior.record_confirmed && isDeepStrictEqual(prior.record, record);
}
