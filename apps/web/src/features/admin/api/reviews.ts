import { adminExpertsEndpoints as e, type InviteExpertRequest, type ReviewState } from '@assay/shared';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { asOperator, logged, SILENT } from '../lib/admin-api.ts';
import { adminKeys } from './keys.ts';

/** The review queue and the experts (issue 28, decision 230). */
export const reviewQueueQuery = (state: ReviewState | undefined) =>
  queryOptions({
    queryKey: adminKeys.reviews(state ?? 'all'),
    queryFn: ({ signal }) =>
      logged('review requests', () => asOperator((authorization) => call(e.queue, { query: { state }, signal, authorization }))),
    meta: SILENT,
  });
export const expertsQuery = () =>
  queryOptions({
    queryKey: adminKeys.experts(),
    queryFn: ({ signal }) => logged('experts', () => asOperator((authorization) => call(e.experts, { signal, authorization }))),
    meta: SILENT,
  });
export const assignReview = (id: string, expertId: string) =>
  asOperator((authorization) => call(e.assign, { params: { id }, body: { expert_id: expertId }, authorization }));
export const cancelReview = (id: string) => asOperator((authorization) => call(e.cancel, { params: { id }, authorization }));
export const inviteExpert = (body: InviteExpertRequest) => asOperator((authorization) => call(e.invite, { body, authorization }));
