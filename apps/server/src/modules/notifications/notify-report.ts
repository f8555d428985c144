import type { Queryable } from '../../db/client.ts';
import { composeMail } from '../mail/index.ts';
import { readPreferences } from './preferences.ts';
import { queueNotice, type NoticeDeps } from './queue-notice.ts';

/** A report is ready (optional: the member may turn it off). Call in the completing transaction. */
export async function notifyReportReady(deps: NoticeDeps, tx: Queryable, report: { id: string; userId: string; title: string }) {
  return queueNotice(deps, tx, report.userId, async (member) =>
    (await readPreferences(tx, report.userId)).report_ready
      ? composeMail(deps.config, member.email, 'reportReady', { name: member.name, reportId: report.id, title: report.title })
      : undefined,
  );
}

/**
 * A report failed and its tokens went back. Always sent: it concerns tokens the member paid
 * and a delivery they are waiting for (docs/decisions/133-notifications.md).
 */
export async function notifyReportFailed(deps: NoticeDeps, tx: Queryable, report: { userId: string; title: string; tokens: number }) {
  return queueNotice(deps, tx, report.userId, async (member) =>
    composeMail(deps.config, member.email, 'reportFailed', { name: member.name, title: report.title, tokens: report.tokens }),
  );
}
