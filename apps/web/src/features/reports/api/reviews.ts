import {
  followUpEndpoints,
  reviewsEndpoints,
  type AskFollowUpRequest,
  type CreateReviewRequest,
  type RateReviewRequest,
} from '@assay/shared';
import { call, callRaw } from '../../../lib/api.ts';

/** A member's expert reviews (issue 28, decision 230). */
export const fetchReviewQuote = (id: string, signal?: AbortSignal) => call(reviewsEndpoints.quote, { params: { id }, signal });
export const fetchReviewRequests = (reportId: string, signal?: AbortSignal) =>
  call(reviewsEndpoints.list, { query: { report_id: reportId }, signal });
export const createReviewRequest = (id: string, body: CreateReviewRequest) => call(reviewsEndpoints.create, { params: { id }, body });
export const cancelReviewRequest = (requestId: string) => call(reviewsEndpoints.cancel, { params: { id: requestId } });
export const rateReview = (requestId: string, body: RateReviewRequest) => call(reviewsEndpoints.rate, { params: { id: requestId }, body });
/** GET /review-requests/{id}/pdf: the reviewed PDF of a delivered review (decision 233), as a Blob. */
export async function fetchReviewedPdf(requestId: string): Promise<Blob> {
  return (await callRaw(reviewsEndpoints.pdf, { params: { id: requestId } })).blob();
}
/** Decision 234: the one free round of follow-up questions on a delivered review. */
export const askFollowUp = (requestId: string, body: AskFollowUpRequest) =>
  call(followUpEndpoints.ask, { params: { id: requestId }, body });
