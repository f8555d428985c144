import { REVIEW_END_REASON_LABELS, REVIEW_RECOMMENDATION_LABELS, type ReviewEndReason, type ReviewRecommendation } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { queueMail } from '../mail/index.ts';

/**
 * The mails of a review's steps, each queued in the transaction of the step (sent only if it
 * commits). The member hears when the review is delivered and when tokens come back; the expert
 * hears when a review is offered. Nothing names the invention beyond the report's title.
 */
type MailDeps = Pick<Deps, 'queue' | 'config'>;

async function memberOf(tx: Queryable, userId: string) {
  return (await tx.query<{ email: string; name: string }>('SELECT email, name FROM users WHERE id = $1', [userId])).rows[0];
}

export async function mailReviewDelivered(deps: MailDeps, tx: Queryable, r: { userId: string; reportId: string; title: string; expertName: string; recommendation: ReviewRecommendation }) {
  const m = await memberOf(tx, r.userId);
  if (!m) return;
  await queueMail(deps.queue, tx, {
    to: m.email,
    subject: `Your expert review is ready: ${r.title}`,
    text: `Hi ${m.name},\n\n${r.expertName} has reviewed your report “${r.title}”. Their recommendation: ${REVIEW_RECOMMENDATION_LABELS[r.recommendation]}.\n\n`
      + `Read the review beside your report:\n${deps.config.PUBLIC_URL}/reports/${r.reportId}\n`,
  });
}

export async function mailReviewReturned(
  deps: MailDeps,
  tx: Queryable,
  r: { userId: string; reportId: string; title: string; price: number; why: 'declined' | 'cancelled' | 'unmatched'; endReason?: ReviewEndReason | undefined },
) {
  const m = await memberOf(tx, r.userId);
  if (!m) return;
  const reason = r.why === 'unmatched' && r.endReason ? REVIEW_END_REASON_LABELS[r.endReason]
    : r.why === 'declined' ? 'The expert it was offered to could not take it on' : 'It was cancelled';
  const subject = r.why === 'unmatched' ? 'No expert could take on your review request' : `Your expert review request was ${r.why}`;
  await queueMail(deps.queue, tx, {
    to: m.email,
    subject: `${subject}: ${r.title}`,
    text: `Hi ${m.name},\n\n${reason}, so your review request for “${r.title}” has ended and its ${r.price.toLocaleString('en-US')} tokens are back in your balance.\n\n`
      + `You can request a review again from the report:\n${deps.config.PUBLIC_URL}/reports/${r.reportId}\n`,
  });
}

export async function mailReviewOffered(deps: MailDeps, tx: Queryable, r: { expertEmail: string; expertName: string; dueAt: Date; acceptBy: Date }) {
  await queueMail(deps.queue, tx, {
    to: r.expertEmail,
    subject: 'A review has been offered to you',
    text: `Hi ${r.expertName},\n\nA member's report has been offered to you for review, due ${r.dueAt.toISOString().slice(0, 10)}. `
      + `Please accept or decline it by ${r.acceptBy.toISOString().slice(0, 16).replace('T', ' ')} UTC (after that it is offered to another expert) in the expert portal:\n${deps.config.PUBLIC_URL}/expert\n`,
  });
}

export async function mailExpertInvitation(deps: MailDeps, tx: Queryable, r: { email: string; name: string; url: string }) {
  await queueMail(deps.queue, tx, {
    to: r.email,
    subject: 'You are invited to review inventions as an expert',
    text: `Hi ${r.name},\n\nYou have been invited to join the expert network. Set your password with this link (valid 7 days):\n${r.url}\n\n`
      + `You will be asked to accept a confidentiality undertaking when you first sign in.\n`,
  });
}

/*
 * What the expert hears when a review leaves them or runs late (decision 235; decision 227 left
 * these out): an offer that lapsed and goes to another expert, a review withdrawn (cancelled by the
 * member or an operator), and an accepted review past its due time. Like the offer mail, none names
 * the invention; the portal shows which review it is.
 */
async function expertOf(tx: Queryable, expertId: string) {
  return (await tx.query<{ email: string; name: string }>('SELECT email, name FROM experts WHERE id = $1', [expertId])).rows[0];
}
const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export async function mailOfferLapsed(deps: MailDeps, tx: Queryable, r: { expertId: string; acceptBy: Date }) {
  const e = await expertOf(tx, r.expertId);
  if (!e) return;
  await queueMail(deps.queue, tx, {
    to: e.email,
    subject: 'A review offered to you has lapsed',
    text: `Hi ${e.name},\n\nA review offered to you was not accepted by ${utc(r.acceptBy)}, so it is being offered to another expert and is no longer yours to accept. `
      + `There is nothing you need to do.\n\nIf you cannot take on reviews for a while, pause new offers in the expert portal:\n${deps.config.PUBLIC_URL}/expert\n`,
  });
}

export async function mailReviewWithdrawn(deps: MailDeps, tx: Queryable, r: { expertId: string; by: 'member' | 'operator'; accepted: boolean }) {
  const e = await expertOf(tx, r.expertId);
  if (!e) return;
  const what = r.accepted ? 'A review you accepted' : 'A review offered to you';
  const who = r.by === 'member' ? 'the member who asked for it' : 'the operators';
  await queueMail(deps.queue, tx, {
    to: e.email,
    subject: `${what} was cancelled`,
    text: `Hi ${e.name},\n\n${what} was cancelled by ${who}. It no longer appears in your list and its report is no longer open to you; please do not continue work on it.\n\n`
      + `The expert portal:\n${deps.config.PUBLIC_URL}/expert\n`,
  });
}

export async function mailReviewOverdue(deps: MailDeps, tx: Queryable, r: { expertId: string; dueAt: Date }) {
  const e = await expertOf(tx, r.expertId);
  if (!e) return;
  await queueMail(deps.queue, tx, {
    to: e.email,
    subject: 'A review you accepted is overdue',
    text: `Hi ${e.name},\n\nA review you accepted was due ${utc(r.dueAt)} and has not been delivered, so it has been flagged to the operators. `
      + `Please deliver it in the expert portal as soon as you can, or tell the operators through the contact form if you cannot finish it:\n`
      + `${deps.config.PUBLIC_URL}/expert\n${deps.config.PUBLIC_URL}/contact\n`,
  });
}
