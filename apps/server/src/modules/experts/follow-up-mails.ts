import type { Queryable } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { composeMail, queueMail } from '../mail/index.ts';

/**
 * Who hears of the follow-up round (decision 234), queued in the step's transaction: the expert
 * that questions were asked, the member that they were answered. The wording is the mail module's.
 */
type MailDeps = Pick<Deps, 'queue' | 'config'>;

export async function mailFollowUpAsked(deps: MailDeps, tx: Queryable, r: { expertId: string; count: number; dueBy: Date }) {
  const e = (await tx.query<{ email: string; name: string }>('SELECT email, name FROM experts WHERE id = $1', [r.expertId])).rows[0];
  if (!e) return;
  await queueMail(deps.queue, tx, composeMail(deps.config, e.email, 'followUpAsked', { name: e.name, count: r.count, dueBy: r.dueBy }));
}

export async function mailFollowUpAnswered(
  deps: MailDeps,
  tx: Queryable,
  r: { userId: string; reportId: string; title: string; expertName: string },
) {
  const m = (await tx.query<{ email: string; name: string }>('SELECT email, name FROM users WHERE id = $1', [r.userId])).rows[0];
  if (!m) return;
  await queueMail(
    deps.queue,
    tx,
    composeMail(deps.config, m.email, 'followUpAnswered', { name: m.name, reportId: r.reportId, title: r.title, expertName: r.expertName }),
  );
}
