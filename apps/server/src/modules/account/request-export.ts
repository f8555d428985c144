import { ACCOUNT_MESSAGES, type AccountExportResponse } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { buildExportJob } from './export-job.ts';

/** Exports a member may start per hour: each reads every stored PDF. */
const EXPORTS_PER_HOUR = 10;

/**
 * Starts the member's data export (docs/decisions/181-heavy-work-off-the-event-loop.md): a row
 * and the job that builds it, in one transaction. Asking again while one is being prepared
 * answers that one (a unique index allows one per member), so a double click builds one zip.
 */
export async function requestExport(deps: Pick<Deps, 'db' | 'queue' | 'config'>, userId: string): Promise<AccountExportResponse> {
  const preparing = await findPreparing(deps, userId);
  if (preparing) return { id: preparing, status: 'preparing', detail: ACCOUNT_MESSAGES.exportStarted };
  await hitRateLimit(deps.db, `export:${userId}`, EXPORTS_PER_HOUR, 3600);
  const id = await deps.db.transaction(async (tx) => {
    const r = await tx.query<{ id: string }>(
      `INSERT INTO account_exports (user_id, expires_at) VALUES ($1, now() + make_interval(hours => $2))
       ON CONFLICT (user_id) WHERE status = 'preparing' DO NOTHING RETURNING id`,
      [userId, deps.config.EXPORT_LINK_HOURS],
    );
    const created = r.rows[0]?.id;
    if (created) await deps.queue.enqueue(tx, buildExportJob, { export_id: created });
    return created;
  });
  return { id: id ?? (await findPreparing(deps, userId))!, status: 'preparing', detail: ACCOUNT_MESSAGES.exportStarted };
}

async function findPreparing(deps: Pick<Deps, 'db'>, userId: string) {
  const r = await deps.db.query<{ id: string }>(`SELECT id FROM account_exports WHERE user_id = $1 AND status = 'preparing'`, [userId]);
  return r.rows[0]?.id;
}
