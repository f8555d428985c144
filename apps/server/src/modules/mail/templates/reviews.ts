import {
  formatTokens,
  REVIEW_END_REASON_LABELS,
  REVIEW_RECOMMENDATION_LABELS,
  type ReviewEndReason,
  type ReviewRecommendation,
} from '@assay/shared';
import { template, textMail } from '../template.ts';

/*
 * The mails of an expert review's steps (decisions 227, 234, 235). The member hears when the
 * review is delivered, when follow-up questions are answered and when tokens come back; the expert
 * hears when a review is offered, lapses, is withdrawn or runs late, and when questions are asked.
 * None to the expert names the invention or the member (the portal shows which review it is), and
 * none carries a question or an answer: they are read in the product, where only the two parties
 * can see them.
 */

const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const member = { name: 'Asha Rao', reportId: '6f1c2a9e-0000-4000-8000-000000000001', title: 'A self-cleaning solar panel coating' };
const expert = { name: 'Dr. Meera Iyer' };

export const reviewDelivered = template<{
  name: string;
  reportId: string;
  title: string;
  expertName: string;
  recommendation: ReviewRecommendation;
}>({
  about: 'Member: the expert delivered the review of their report.',
  sample: { ...member, expertName: expert.name, recommendation: 'pursue' },
  render: (r, { publicUrl }) =>
    textMail(
      'Your expert review is ready',
      `Your expert review is ready: ${r.title}`,
      `Hi ${r.name},\n\n${r.expertName} has reviewed your report “${r.title}”. Their recommendation: ${REVIEW_RECOMMENDATION_LABELS[r.recommendation]}.\n\n` +
        `Read the review beside your report:\n${publicUrl}/reports/${r.reportId}\n`,
    ),
});

export const reviewReturned = template<{
  name: string;
  reportId: string;
  title: string;
  price: number;
  why: 'declined' | 'cancelled' | 'unmatched';
  endReason?: ReviewEndReason | undefined;
}>({
  about: 'Member: a review request ended without a review (declined, cancelled, no expert) and its tokens came back.',
  sample: { ...member, price: 4000, why: 'declined' },
  render: (r, { publicUrl }) => {
    const reason =
      r.why === 'unmatched' && r.endReason
        ? REVIEW_END_REASON_LABELS[r.endReason]
        : r.why === 'declined'
          ? 'The expert it was offered to could not take it on'
          : 'It was cancelled';
    const subject = r.why === 'unmatched' ? 'No expert could take on your review request' : `Your expert review request was ${r.why}`;
    return textMail(
      subject,
      `${subject}: ${r.title}`,
      `Hi ${r.name},\n\n${reason}, so your review request for “${r.title}” has ended and its ${formatTokens(r.price)} tokens are back in your balance.\n\n` +
        `You can request a review again from the report:\n${publicUrl}/reports/${r.reportId}\n`,
    );
  },
});

export const reviewOffered = template<{ name: string; dueAt: Date; acceptBy: Date }>({
  about: 'Expert: a review is offered to them, to accept or decline by a time.',
  sample: { ...expert, dueAt: new Date('2026-12-10T12:00:00Z'), acceptBy: new Date('2026-11-30T12:00:00Z') },
  render: (r, { publicUrl }) =>
    textMail(
      'A review has been offered to you',
      'A review has been offered to you',
      `Hi ${r.name},\n\nA member's report has been offered to you for review, due ${dayOf(r.dueAt)}. ` +
        `Please accept or decline it by ${utc(r.acceptBy)} (after that it is offered to another expert) in the expert portal:\n${publicUrl}/expert\n`,
    ),
});

export const offerLapsed = template<{ name: string; acceptBy: Date }>({
  about: 'Expert: an offer was not accepted in time and goes to another expert.',
  sample: { ...expert, acceptBy: new Date('2026-11-30T12:00:00Z') },
  render: (r, { publicUrl }) =>
    textMail(
      'A review offered to you has lapsed',
      'A review offered to you has lapsed',
      `Hi ${r.name},\n\nA review offered to you was not accepted by ${utc(r.acceptBy)}, so it is being offered to another expert and is no longer yours to accept. ` +
        `There is nothing you need to do.\n\nIf you cannot take on reviews for a while, pause new offers in the expert portal:\n${publicUrl}/expert\n`,
    ),
});

export const reviewWithdrawn = template<{ name: string; by: 'member' | 'operator'; accepted: boolean }>({
  about: 'Expert: a review offered to or accepted by them was cancelled by the member or the operators.',
  sample: { ...expert, by: 'member', accepted: true },
  render: (r, { publicUrl }) => {
    const what = r.accepted ? 'A review you accepted' : 'A review offered to you';
    const who = r.by === 'member' ? 'the member who asked for it' : 'the operators';
    return textMail(
      `${what} was cancelled`,
      `${what} was cancelled`,
      `Hi ${r.name},\n\n${what} was cancelled by ${who}. It no longer appears in your list and its report is no longer open to you; please do not continue work on it.\n\n` +
        `The expert portal:\n${publicUrl}/expert\n`,
    );
  },
});

export const reviewOverdue = template<{ name: string; dueAt: Date }>({
  about: 'Expert: an accepted review is past its due time and was flagged to the operators.',
  sample: { ...expert, dueAt: new Date('2026-11-27T12:00:00Z') },
  render: (r, { publicUrl }) =>
    textMail(
      'A review you accepted is overdue',
      'A review you accepted is overdue',
      `Hi ${r.name},\n\nA review you accepted was due ${utc(r.dueAt)} and has not been delivered, so it has been flagged to the operators. ` +
        `Please deliver it in the expert portal as soon as you can, or tell the operators through the contact form if you cannot finish it:\n` +
        `${publicUrl}/expert\n${publicUrl}/contact\n`,
    ),
});

export const followUpAsked = template<{ name: string; count: number; dueBy: Date }>({
  about: 'Expert: the member asked follow-up questions on a delivered review (decision 234).',
  sample: { ...expert, count: 2, dueBy: new Date('2026-12-12T12:00:00Z') },
  render: (r, { publicUrl }) =>
    textMail(
      'Follow-up questions on a review you delivered',
      'Follow-up questions on a review you delivered',
      `Hi ${r.name},\n\nA member has asked ${r.count === 1 ? 'a follow-up question' : `${r.count} follow-up questions`} on a review you delivered. ` +
        `Please answer ${r.count === 1 ? 'it' : 'them'} in the expert portal, where the report stays open to you until ${dayOf(r.dueBy)}:\n${publicUrl}/expert\n`,
    ),
});

export const followUpAnswered = template<{ name: string; reportId: string; title: string; expertName: string }>({
  about: 'Member: the expert answered their follow-up questions.',
  sample: { ...member, expertName: expert.name },
  render: (r, { publicUrl }) =>
    textMail(
      'Your follow-up questions are answered',
      `Your follow-up questions are answered: ${r.title}`,
      `Hi ${r.name},\n\n${r.expertName} has answered your follow-up questions on the review of “${r.title}”.\n\n` +
        `Read the answers beside your report:\n${publicUrl}/reports/${r.reportId}\n`,
    ),
});
