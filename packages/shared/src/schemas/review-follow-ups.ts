import { z } from 'zod';
import { multiLineText } from './fields.ts';
import { formatCount } from '../format.ts';

/**
 * Issue 28 item 4: after a review is delivered the member may ask one round of follow-up
 * questions, free of charge, within REVIEW_FOLLOW_UP_DAYS; the expert answers them once
 * (docs/decisions/234-review-follow-ups-earnings-and-invoice-line.md).
 */

/** How long after delivery the member may ask (the expert's access to the invention, decision 230). */
export const REVIEW_FOLLOW_UP_DAYS = 30;
export const FOLLOW_UP_MAX_QUESTIONS = 5;
export const FOLLOW_UP_QUESTION_MAX = 1000;
export const FOLLOW_UP_ANSWER_MAX = 4000;

export const FOLLOW_UP_MESSAGES = {
  notDelivered: 'Follow-up questions can be asked once the review is delivered',
  alreadyAsked: 'You have already asked your follow-up questions for this review: one round is included',
  windowClosed: `Follow-up questions can be asked within ${REVIEW_FOLLOW_UP_DAYS} days of delivery`,
  noFollowUp: 'The member has not asked follow-up questions',
  alreadyAnswered: 'You have already answered these follow-up questions',
  answerEach: 'Answer each question',
} as const;

const question = multiLineText()
  .trim()
  .min(1, 'Write the question, or remove it')
  .max(FOLLOW_UP_QUESTION_MAX, `Keep each question to ${formatCount(FOLLOW_UP_QUESTION_MAX)} characters`);

export const askFollowUpRequest = z.object({
  questions: z
    .array(question, { error: 'Ask at least one question' })
    .min(1, 'Ask at least one question')
    .max(FOLLOW_UP_MAX_QUESTIONS, `Ask at most ${FOLLOW_UP_MAX_QUESTIONS} questions`),
});
export type AskFollowUpRequest = z.input<typeof askFollowUpRequest>;

export const answerFollowUpRequest = z.object({
  answers: z
    .array(
      multiLineText()
        .trim()
        .min(1, FOLLOW_UP_MESSAGES.answerEach)
        .max(FOLLOW_UP_ANSWER_MAX, `Keep each answer to ${formatCount(FOLLOW_UP_ANSWER_MAX)} characters`),
      { error: FOLLOW_UP_MESSAGES.answerEach },
    )
    .min(1, FOLLOW_UP_MESSAGES.answerEach)
    .max(FOLLOW_UP_MAX_QUESTIONS, FOLLOW_UP_MESSAGES.answerEach),
});
export type AnswerFollowUpRequest = z.input<typeof answerFollowUpRequest>;

/** The round as both sides see it: the questions, and the answers once given. */
export const followUpView = z.object({
  questions: z.array(z.string()),
  asked_at: z.string(),
  answers: z.array(z.string()).nullable(),
  answered_at: z.string().nullable(),
});
export type FollowUpView = z.infer<typeof followUpView>;
