/** Issue 28: experts, members' review requests and the reviews (decisions 230, 227). */
export { expertsRoutes } from './experts.routes.ts';
export { memberHasOpenReview } from './review-request-row.ts';
export { reviewDeadlinesSweep, sweepReviewDeadlines } from './review-deadlines.ts';
export { reviewedPdfJob } from './reviewed-pdf-job.ts';
export {
  checkReviewPurchase,
  pendingReviewPurchase,
  recordReviewPurchase,
  reviewPurchaseOutcome,
  settleReviewPurchase,
  type ReviewInvoiceLine,
  type ReviewPurchaseInput,
} from './review-purchase.ts';
