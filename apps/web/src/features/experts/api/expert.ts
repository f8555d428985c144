import {
  expertEarningsEndpoints,
  expertEndpoints as e,
  followUpEndpoints,
  type AnswerFollowUpRequest,
  type ReviewDraftRequest,
  type SubmitReviewRequest,
} from '@assay/shared';
import { call } from '../../../lib/api.ts';

/** The expert portal's calls (issue 28, decision 230). The session is an httpOnly cookie the browser sends to /api/expert only. */
export const expertKeys = {
  all: ['expert'] as const,
  me: ['expert', 'me'] as const,
  assignments: ['expert', 'assignments'] as const,
  assignment: (id: string) => ['expert', 'assignments', id] as const,
  draft: (id: string) => ['expert', 'assignments', id, 'draft'] as const,
};
export const fetchMe = (signal?: AbortSignal) => call(e.me, { signal });
export const signIn = (email: string, password: string) => call(e.login, { body: { email, password } });
export const acceptInvitation = (token: string, password: string) => call(e.acceptInvitation, { body: { token, password } });
export const signOut = () => call(e.logout);
export const acceptUndertaking = () => call(e.acceptUndertaking);
export const setPaused = (paused: boolean) => call(e.pause, { body: { paused } });
export const fetchAssignments = (signal?: AbortSignal) => call(e.assignments, { signal });
export const fetchAssignment = (id: string, signal?: AbortSignal) => call(e.assignment, { params: { id }, signal });
export const acceptAssignment = (id: string) => call(e.accept, { params: { id } });
export const declineAssignment = (id: string) => call(e.decline, { params: { id } });
export const submitReview = (id: string, body: SubmitReviewRequest) => call(e.submit, { params: { id }, body });
export const assignmentPdfUrl = (id: string) => `/api/expert/assignments/${encodeURIComponent(id)}/pdf`;
/** The review being written (decision 233): read when the form opens, saved whole as the expert types; `keepalive` as the page is left. */
export const fetchDraft = (id: string, signal?: AbortSignal) => call(e.draft, { params: { id }, signal });
export const saveDraft = (id: string, body: ReviewDraftRequest, keepalive = false) =>
  call(e.saveDraft, { params: { id }, body, keepalive });
/** Decision 234: answering the member's follow-up round; the expert's own earnings. */
export const answerFollowUp = (id: string, body: AnswerFollowUpRequest) => call(followUpEndpoints.answer, { params: { id }, body });
export const fetchOwnEarnings = (signal?: AbortSignal) => call(expertEarningsEndpoints.mine, { signal });
export const earningsKey = ['expert', 'earnings'] as const;
