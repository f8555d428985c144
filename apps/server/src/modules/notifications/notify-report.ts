import type { Queryable } from '../../db/client.ts';
import { reportFailedMail, reportReadyMail } from './mail-templates.ts';
import { readPreferences } from './preferences.ts';
import { queueNotice, type NoticeDeps } from './queue-notice.ts';

/** A report is ready (optional: the member may turn it off). Call in the completing transaction. */
export async function notifyReportReady(deps: NoticeDeps, tx: Queryable, report: { id: string; userId: string; title: string }) {
  return queueNotice(deps, tx, report.userId, async (member) =>
    (await readPreferences(tx, report.userId)).report_ready ? reportReadyMail(member, report, deps.config.PUBLIC_URL) : undefined);
}

/**
 * A report failed and its tokens went back. Always sent: it concerns tokens the member paid
 * and a delivery they are waiting for (docs/decisions/133-notifications.md).
 */
export async function notifyReportFailed(deps: NoticeDeps, tx: Queryable, report: { userId: string; title: string; tokens: number }) {
  return queueNotice(deps, tx, report.userId, async (member) => reportFailedMail(member, report, deps.config.PUBLIC_URL));
}
