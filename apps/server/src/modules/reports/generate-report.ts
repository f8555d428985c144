import { MSG, REPORT_COSTS, sectionsFor, type Complexity, type Report } from '@assay/shared';
import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { placeHold } from '../tokens/index.ts';
import { findReport } from './find-report.ts';
import { reportJob } from './report-job.ts';
import { provisionalTitle, toReportView } from './report-view.ts';

const UNIQUE_VIOLATION = '23505';

/**
 * Starts a report in ONE transaction: the tier's cost is held on the ledger, the report row
 * is written as processing, and its job is enqueued. Either all three happen or none, so no
 * charge without a job and no job without a charge. An Idempotency-Key makes a repeated
 * submit return the first report instead of charging again; the same key with another idea or
 * tier is refused (422), as Stripe does, rather than answered with a report the member did not ask for.
 */
export async function generateReport(
  deps: Pick<Deps, 'db' | 'queue'>,
  userId: string,
  input: { idea: string; complexity: Complexity },
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
      await tx.query(
        `INSERT INTO reports (id, user_id, title, idea, complexity, tokens_used, hold_id, sections_total, idempotency_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [reportId, userId, provisionalTitle(input.idea), input.idea, input.complexity, cost, holdId,
          sectionsFor(input.complexity).length, idempotencyKey ?? null],
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

async function findByKey(deps: Pick<Deps, 'db'>, userId: string, key: string, input: { idea: string; complexity: Complexity }) {
  const r = await deps.db.query<{ id: string }>('SELECT id FROM reports WHERE user_id = $1 AND idempotency_key = $2', [userId, key]);
  if (!r.rows[0]) return undefined;
  const prior = toReportView(await findReport(deps.db, r.rows[0].id, userId));
  if (prior.idea !== input.idea || prior.complexity !== input.complexity) {
    throw new AppError(422, MSG.idempotencyKeyReused, 'idempotency_key_reused');
  }
  return prior;
}
