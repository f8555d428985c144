import { REPORT_MESSAGES } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { failReport } from './fail-report.ts';

/**
 * No report may stay processing forever: one that has made no progress for this long (its
 * job exhausted its retries, or was lost) fails, and its tokens go back.
 */
export async function failStuckReports(deps: Pick<Deps, 'db' | 'queue' | 'config' | 'log'>, idleMinutes: number): Promise<number> {
  const r = await deps.db.query<{ id: string }>(
    `SELECT id FROM reports WHERE status = 'processing' AND updated_at < now() - make_interval(mins => $1) LIMIT 100`,
    [idleMinutes],
  );
  let failed = 0;
  for (const { id } of r.rows) if (await failReport(deps, id, REPORT_MESSAGES.failedDefault)) failed++;
  return failed;
}
