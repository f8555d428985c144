import { expertAssignmentDetail, reviewRequestParams, reviewRequestView } from '../schemas/experts.ts';
import { answerFollowUpRequest, askFollowUpRequest } from '../schemas/review-follow-ups.ts';
import { endpoint } from './endpoint.ts';

/**
 * Issue 28 item 4: one round of follow-up questions on a delivered review, free of charge
 * (docs/decisions/234-review-follow-ups-earnings-and-invoice-line.md).
 */
export const followUpEndpoints = {
  ask: endpoint({
    method: 'POST',
    path: '/review-requests/:id/follow-up',
    auth: 'member',
    tags: ['reviews'],
    description:
      'Asks the expert one round of follow-up questions (1 to 5) on a delivered review, within 30 days of delivery, at no charge. A second round is a 409; the expert is e-mailed.',
    params: reviewRequestParams,
    body: askFollowUpRequest,
    responses: { 201: reviewRequestView },
  }),
  answer: endpoint({
    method: 'POST',
    path: '/expert/assignments/:id/follow-up',
    auth: 'expert',
    tags: ['expert'],
    description:
      'Answers the member’s follow-up questions, one answer each, once (409 when none were asked or they were answered); the member is e-mailed.',
    params: reviewRequestParams,
    body: answerFollowUpRequest,
    responses: { 200: expertAssignmentDetail },
  }),
} as const;
