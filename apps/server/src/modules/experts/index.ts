/** Issue 28: experts, members' review requests and the reviews (decision 230). */
export { expertsRoutes } from './experts.routes.ts';
export { memberHasOpenReview } from './review-request-row.ts';
