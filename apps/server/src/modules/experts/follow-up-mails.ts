import type { Queryable } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { queueMail } from '../mail/index.ts';

/**
 * The mails of the follow-up round (decision 234), queued in the step's transaction. The expert
 * hears that questions were asked, as an offer is mailed: without the member or the invention's
 * title; the member hears that they were answered. Neither mail carries the questions or answers:
 * they are read in the product, where only the two parties can see them.
 */
type MailDeps = Pick<Deps, 'queue' | 'config'>;

export async function mailFollowUpAsked(deps: MailDeps, tx: Queryable, r: { expertId: string; count: number; dueBy: Date }) {
  const e = (await tx.query<{ email: string; name: string }>('SELECT email, name FROM experts WHERE id = $1', [r.expertId])).rows[0];
  if (!e) return;
  await queueMail(deps.queue, tx, {
    to: e.email,
    subject: 'Follow-up questions on a review you delivered',
    text: `Hi ${e.name},\n\nA member has asked ${r.count === 1 ? 'a follow-up question' : `${r.count} follow-up questions`} on a review you delivered. `
      + `Please answer ${r.count === 1 ? 'it' : 'them'} in the expert portal, where the report stays open to you until ${r.dueBy.toISOString().slice(0, 10)}:\n${deps.config.PUBLIC_URL}/expert\n`,
  });
}

export async function mailFollowUpAnswered(deps: MailDeps, tx: Queryable, r: { userId: string; reportId: string; title: string; expertName: string }) {
  const m = (await tx.query<{ email: string; name: string }>('SELECT email, name FROM users WHERE id = $1', [r.userId])).rows[0];
  if (!m) return;
  await queueMail(deps.queue, tx, {
    to: m.email,
    subject: `Your follow-up questions are answered: ${r.title}`,
    text: `Hi ${m.name},\n\n${r.expertName} has answered your follow-up questions on the review of “${r.title}”.\n\n`
      + `Read the answers beside your report:\n${deps.config.PUBLIC_URL}/reports/${r.reportId}\n`,
  });
}
