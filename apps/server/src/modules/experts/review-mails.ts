import type { ReviewEndReason, ReviewRecommendation } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { composeMail, queueMail } from '../mail/index.ts';

/**
 * Who hears of a review's steps, each mail queued in the transaction of the step (sent only if it
 * commits). The member hears when the review is delivered and when tokens come back; the expert
 * hears when a review is offered, lapses, is withdrawn or runs late. The wording is the mail
 * module's (modules/mail/templates/reviews.ts).
 */
type MailDeps = Pick<Deps, 'queue' | 'config'>;

async function memberOf(tx: Queryable, userId: string) {
  return (await tx.query<{ email: string; name: string }>('SELECT email, name FROM users WHERE id = $1', [userId])).rows[0];
}

async function expertOf(tx: Queryable, expertId: string) {
  return (await tx.query<{ email: string; name: string }>('SELECT email, name FROM experts WHERE id = $1', [expertId])).rows[0];
}

export async function mailReviewDelivered(
  deps: MailDeps,
  tx: Queryable,
  r: { userId: string; reportId: string; title: string; expertName: string; recommendation: ReviewRecommendation },
) {
  const m = await memberOf(tx, r.userId);
  if (!m) return;
  await queueMail(
    deps.queue,
    tx,
    composeMail(deps.config, m.email, 'reviewDelivered', {
      name: m.name,
      reportId: r.reportId,
      title: r.title,
      expertName: r.expertName,
      recommendation: r.recommendation,
    }),
  );
}

export async function mailReviewReturned(
  deps: MailDeps,
  tx: Queryable,
  r: {
    userId: string;
    reportId: string;
    title: string;
    price: number;
    why: 'declined' | 'cancelled' | 'unmatched';
    endReason?: ReviewEndReason | undefined;
  },
) {
  const m = await memberOf(tx, r.userId);
  if (!m) return;
  await queueMail(
    deps.queue,
    tx,
    composeMail(deps.config, m.email, 'reviewReturned', {
      name: m.name,
      reportId: r.reportId,
      title: r.title,
      price: r.price,
      why: r.why,
      endReason: r.endReason,
    }),
  );
}

export async function mailReviewOffered(
  deps: MailDeps,
  tx: Queryable,
  r: { expertEmail: string; expertName: string; dueAt: Date; acceptBy: Date },
) {
  await queueMail(
    deps.queue,
    tx,
    composeMail(deps.config, r.expertEmail, 'reviewOffered', { name: r.expertName, dueAt: r.dueAt, acceptBy: r.acceptBy }),
  );
}

export async function mailExpertInvitation(deps: MailDeps, tx: Queryable, r: { email: string; name: string; url: string }) {
  await queueMail(deps.queue, tx, composeMail(deps.config, r.email, 'expertInvitation', { name: r.name, url: r.url }));
}

/* Decision 235 (decision 227 left these out): an offer that lapsed, a review withdrawn, a review past its due time. */

export async function mailOfferLapsed(deps: MailDeps, tx: Queryable, r: { expertId: string; acceptBy: Date }) {
  const e = await expertOf(tx, r.expertId);
  if (!e) return;
  await queueMail(deps.queue, tx, composeMail(deps.config, e.email, 'offerLapsed', { name: e.name, acceptBy: r.acceptBy }));
}

export async function mailReviewWithdrawn(
  deps: MailDeps,
  tx: Queryable,
  r: { expertId: string; by: 'member' | 'operator'; accepted: boolean },
) {
  const e = await expertOf(tx, r.expertId);
  if (!e) return;
  await queueMail(deps.queue, tx, composeMail(deps.config, e.email, 'reviewWithdrawn', { name: e.name, by: r.by, accepted: r.accepted }));
}

export async function mailReviewOverdue(deps: MailDeps, tx: Queryable, r: { expertId: string; dueAt: Date }) {
  const e = await expertOf(tx, r.expertId);
  if (!e) return;
  await queueMail(deps.queue, tx, composeMail(deps.config, e.email, 'reviewOverdue', { name: e.name, dueAt: r.dueAt }));
}
