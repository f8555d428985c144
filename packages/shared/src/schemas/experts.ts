import { z } from 'zod';
import { COMPLEXITIES, type Complexity } from '../constants.ts';
import { isCountryCode } from '../countries.ts';
import { isSectionKey } from '../report-sections.ts';
import { displayNameText, emailField, lineText, loginPasswordField, multiLineText, newPasswordField, pathParam } from './fields.ts';
import { followUpView } from './review-follow-ups.ts';
import { formatCount } from '../format.ts';

/** Issue 28: experts, members' review requests and the reviews (docs/decisions/230-experts-and-review-requests.md). */

/**
 * What a review costs the member, per tier of the report, in tokens, and how long it should take.
 * The default price list: the expert's own rate card is what the provider pays them (the price
 * is known before anyone is assigned, so it cannot depend on who is).
 */
export const REVIEW_PRICES: Record<Complexity, number> = { basic: 5000, advanced: 7500, comprehensive: 10000 };
export const REVIEW_TURNAROUND_DAYS = 7;

export const REVIEW_DIMENSIONS = ['novelty', 'market', 'maturity', 'ip_route'] as const;
export type ReviewDimension = (typeof REVIEW_DIMENSIONS)[number];
export const REVIEW_DIMENSION_LABELS: Record<ReviewDimension, string> = {
  novelty: 'Novelty',
  market: 'Market',
  maturity: 'Maturity',
  ip_route: 'IP route',
};
export const REVIEW_VERDICTS = ['strong', 'adequate', 'weak'] as const;
export const REVIEW_VERDICT_LABELS: Record<(typeof REVIEW_VERDICTS)[number], string> = {
  strong: 'Strong',
  adequate: 'Adequate',
  weak: 'Weak',
};
export const REVIEW_RECOMMENDATIONS = ['pursue', 'hold_for_data', 'do_not_pursue'] as const;
export type ReviewRecommendation = (typeof REVIEW_RECOMMENDATIONS)[number];
export const REVIEW_RECOMMENDATION_LABELS: Record<ReviewRecommendation, string> = {
  pursue: 'Pursue',
  hold_for_data: 'Hold for data',
  do_not_pursue: 'Do not pursue',
};
export const REVIEW_STATES = ['requested', 'assigned', 'accepted', 'delivered', 'declined', 'cancelled', 'unmatched'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  requested: 'Waiting for an expert',
  assigned: 'Offered to an expert',
  accepted: 'Expert reviewing',
  delivered: 'Delivered',
  declined: 'Declined — tokens returned',
  cancelled: 'Cancelled — tokens returned',
  unmatched: 'No expert took it on — tokens returned',
};

/**
 * Deadlines (decision 227): an offer not accepted within the accept window lapses; a declined or
 * lapsed request goes back to the queue needing an expert and is offered on or ends 'unmatched'.
 */
export const REVIEW_NEEDS_EXPERT_REASONS = ['declined', 'timed_out'] as const;
export type ReviewNeedsExpertReason = (typeof REVIEW_NEEDS_EXPERT_REASONS)[number];
export const REVIEW_NEEDS_EXPERT_LABELS: Record<ReviewNeedsExpertReason, string> = {
  declined: 'The expert it was offered to declined; looking for another expert',
  timed_out: 'The expert it was offered to did not accept in time; looking for another expert',
};
export const REVIEW_END_REASONS = ['offers_used', 'no_expert', 'deadline'] as const;
export type ReviewEndReason = (typeof REVIEW_END_REASONS)[number];
export const REVIEW_END_REASON_LABELS: Record<ReviewEndReason, string> = {
  offers_used: 'The experts it was offered to could not take it on',
  no_expert: 'No suitable expert was free to take it on',
  deadline: 'No expert could take it on before its deadline',
};

export const EXPERT_MESSAGES = {
  notFound: 'Not found',
  emailTaken: 'An expert with this e-mail already exists',
  invitationInvalid: 'This invitation link is not valid or has expired. Ask the operator for a new one.',
  invalidCredentials: 'Incorrect e-mail or password',
  undertakingRequired: 'Accept the confidentiality undertaking first',
  notCompleted: 'Only a completed report can be reviewed',
  openRequest: 'This report already has a review request in progress',
  unknownSection: 'One of the chosen sections is not in this report',
  notRequested: 'This request is no longer waiting for an expert',
  expertUnavailable: 'This expert is paused or has no capacity left',
  notOffered: 'This review is no longer offered to you',
  offerLapsed: 'The time to accept this review has passed',
  notAccepted: 'Accept the review before submitting it',
  cannotCancel: 'This request can no longer be cancelled',
  reviewOpen: 'This report has a review request in progress: cancel it first',
  accountReviewOpen: 'You have an expert review in progress. Cancel it, or wait until it is delivered, before deleting your account.',
  notDelivered: 'Only a delivered review can be rated',
  alreadyRated: 'You have already rated this review',
} as const;

const listOf = (max: number, itemMax: number) => z.array(lineText().trim().min(1).max(itemMax)).max(max);
const tokens = z.number().int().min(1).max(1_000_000);

export const inviteExpertRequest = z.object({
  email: emailField,
  name: displayNameText().trim().min(1).max(120),
  fields: listOf(20, 80).min(1),
  languages: listOf(20, 40).min(1),
  country: lineText().trim().toUpperCase().refine(isCountryCode, 'Unknown country code'),
  rttp_number: lineText().trim().min(1).max(60),
  rates: z.object({ basic: tokens, advanced: tokens, comprehensive: tokens }),
  capacity: z.number().int().min(1).max(50),
  /** The Join-as-Expert application this invitation answers (decision 235): it is marked invited, once. */
  application_id: lineText().min(1).max(100).optional(),
});
export type InviteExpertRequest = z.infer<typeof inviteExpertRequest>;

export const expertView = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  fields: z.array(z.string()),
  languages: z.array(z.string()),
  country: z.string(),
  rttp_number: z.string(),
  rates: z.object({ basic: z.number(), advanced: z.number(), comprehensive: z.number() }),
  capacity: z.number(),
  paused: z.boolean(),
  /** Reviews assigned or accepted and not yet delivered. */
  load: z.number(),
  state: z.enum(['invited', 'active']),
  undertaking_accepted: z.boolean(),
  created_at: z.string(),
});
export type ExpertView = z.infer<typeof expertView>;
export const expertListResponse = z.object({ experts: z.array(expertView) });
export const inviteExpertResponse = z.object({ expert: expertView, invitation_url: z.string() });

export const acceptInvitationRequest = z.object({ token: lineText().min(1).max(100), password: newPasswordField });
export const expertLoginRequest = z.object({ email: emailField, password: loginPasswordField });
export const expertPauseRequest = z.object({ paused: z.boolean() });

const idParam = z.object({ id: pathParam(100) });
export const reviewRequestParams = idParam;
export const expertParams = idParam;

export const createReviewRequest = z.object({
  /** Omitted or empty: the whole report. */
  sections: z.array(lineText().refine(isSectionKey, 'Unknown section')).max(30).optional(),
  questions: multiLineText().trim().max(4000).default(''),
});
export type CreateReviewRequest = z.input<typeof createReviewRequest>;

export const assignReviewRequest = z.object({ expert_id: lineText().min(1).max(100) });

/**
 * Comments anchored to the report's sections, and the draft the review form saves as the expert
 * writes (issue 28 §3, decision 233). A comment names one section key; which keys a report has
 * depends on its tier, so the server checks that (a 400 naming the comment), the schema only that
 * the key is a section at all.
 */
export const REVIEW_COMMENTS_MAX = 40;
export const REVIEW_COMMENT_MAX = 2000;
const commentSection = lineText().refine(isSectionKey, 'Choose one of the report’s sections for each comment');
export const reviewCommentInput = z.object({
  section: commentSection,
  text: multiLineText()
    .trim()
    .min(1, 'Write each comment, or remove it')
    .max(REVIEW_COMMENT_MAX, `Keep each comment to ${formatCount(REVIEW_COMMENT_MAX)} characters`),
});
export type ReviewCommentInput = z.input<typeof reviewCommentInput>;
const verdict = z.object({ verdict: z.enum(REVIEW_VERDICTS), note: multiLineText().trim().max(2000).default('') });
export const submitReviewRequest = z.object({
  verdicts: z.object({ novelty: verdict, market: verdict, maturity: verdict, ip_route: verdict }),
  recommendation: z.enum(REVIEW_RECOMMENDATIONS),
  reasons: multiLineText().trim().min(1, 'Give the reasons for your recommendation').max(8000),
  answers: multiLineText().trim().max(8000).default(''),
  /** Comments anchored to sections of the report (decision 233); the server checks each section is in the report's tier. */
  comments: z.array(reviewCommentInput).max(REVIEW_COMMENTS_MAX, `Keep to ${REVIEW_COMMENTS_MAX} comments`).default([]),
});
export type SubmitReviewRequest = z.input<typeof submitReviewRequest>;

/** What the server answers about comments, drafts and the reviewed PDF (decision 233). */
export const REVIEW_CONTENT_MESSAGES = {
  commentSection: (n: number, tier: string) =>
    `Comment ${n} is on a section a ${tier} report does not have: choose one of this report’s sections`,
  draftClosed: 'Drafts are kept only while you are reviewing an accepted request',
  pdfNotDelivered: 'The reviewed PDF is ready once the expert has delivered the review',
  pdfUnavailable: 'The reviewed PDF cannot be made for this report',
  pdfBusy: 'Many reviewed PDFs are being prepared right now. Try again in a minute.',
} as const;

export const reviewCommentView = z.object({ section: z.string(), text: z.string() });
export type ReviewCommentView = z.infer<typeof reviewCommentView>;

/**
 * A draft is the form as it stands: text kept as typed (not trimmed, possibly empty), comments
 * possibly still blank; every field bounded as the review's, so a draft can never grow past what
 * could be delivered (about 130,000 characters at most).
 */
const draftVerdict = z.object({ verdict: z.enum(REVIEW_VERDICTS), note: multiLineText().max(2000).default('') });
export const reviewDraftRequest = z.object({
  verdicts: z.object({ novelty: draftVerdict, market: draftVerdict, maturity: draftVerdict, ip_route: draftVerdict }),
  recommendation: z.enum(REVIEW_RECOMMENDATIONS),
  reasons: multiLineText().max(8000, 'Keep the reasons to 8,000 characters').default(''),
  answers: multiLineText().max(8000, 'Keep the answers to 8,000 characters').default(''),
  comments: z
    .array(
      z.object({
        section: commentSection,
        text: multiLineText()
          .max(REVIEW_COMMENT_MAX, `Keep each comment to ${formatCount(REVIEW_COMMENT_MAX)} characters`)
          .default(''),
      }),
    )
    .max(REVIEW_COMMENTS_MAX, `Keep to ${REVIEW_COMMENTS_MAX} comments`)
    .default([]),
});
export type ReviewDraftRequest = z.input<typeof reviewDraftRequest>;
export type ReviewDraft = z.output<typeof reviewDraftRequest>;
export const reviewDraftResponse = z.object({
  /** Null until the first save (and again once the review is delivered: the draft is gone). */
  draft: reviewDraftRequest.nullable(),
  saved_at: z.string().nullable(),
  /** Saves so far; two tabs saving in turn each add one (the last save is the draft). */
  revision: z.number(),
});
export type ReviewDraftResponse = z.infer<typeof reviewDraftResponse>;

export const expertReviewView = z.object({
  expert_name: z.string(),
  expert_rttp_number: z.string(),
  verdicts: z.object({
    novelty: z.object({ verdict: z.enum(REVIEW_VERDICTS), note: z.string() }),
    market: z.object({ verdict: z.enum(REVIEW_VERDICTS), note: z.string() }),
    maturity: z.object({ verdict: z.enum(REVIEW_VERDICTS), note: z.string() }),
    ip_route: z.object({ verdict: z.enum(REVIEW_VERDICTS), note: z.string() }),
  }),
  recommendation: z.enum(REVIEW_RECOMMENDATIONS),
  reasons: z.string(),
  answers: z.string(),
  delivered_at: z.string(),
  /** The expert's comments on sections, in the order written (reviews delivered before decision 233 have none). */
  comments: z.array(reviewCommentView).optional(),
});
export type ExpertReviewView = z.infer<typeof expertReviewView>;

/**
 * The member's rating of a delivered review (decision 232): once, 1 to 5 stars, an optional
 * comment. The expert sees it too, with nothing more about the member than before.
 */
export const REVIEW_RATING_COMMENT_MAX = 1000;
const STARS_MESSAGE = 'Choose from 1 to 5 stars';
export const rateReviewRequest = z.object({
  stars: z.number({ error: STARS_MESSAGE }).int(STARS_MESSAGE).min(1, STARS_MESSAGE).max(5, STARS_MESSAGE),
  comment: multiLineText()
    .trim()
    .max(REVIEW_RATING_COMMENT_MAX, `Keep the comment to ${formatCount(REVIEW_RATING_COMMENT_MAX)} characters`)
    .default(''),
});
export type RateReviewRequest = z.input<typeof rateReviewRequest>;
export const reviewRatingView = z.object({ stars: z.number(), comment: z.string(), rated_at: z.string() });
export type ReviewRatingView = z.infer<typeof reviewRatingView>;

export const reviewRequestView = z.object({
  id: z.string(),
  report_id: z.string(),
  report_title: z.string(),
  complexity: z.enum(COMPLEXITIES),
  sections: z.array(z.string()).nullable(),
  questions: z.string(),
  price: z.number(),
  state: z.enum(REVIEW_STATES),
  /** Who will see the invention: set once an expert is assigned (name and certification only). */
  expert: z.object({ name: z.string(), rttp_number: z.string() }).nullable(),
  due_at: z.string(),
  created_at: z.string(),
  /** Back in the queue after a decline or a lapsed offer (state 'requested'); otherwise null. */
  needs_expert_reason: z.enum(REVIEW_NEEDS_EXPERT_REASONS).nullable(),
  /** Why no expert took it on (state 'unmatched'); otherwise null. */
  end_reason: z.enum(REVIEW_END_REASONS).nullable(),
  review: expertReviewView.nullable(),
  /** The member's rating of the delivered review, once given. */
  rating: reviewRatingView.nullable(),
  /** The one round of follow-up questions on the delivered review, and the expert's answers (decision 234). */
  follow_up: followUpView.nullable().optional(),
  /** Until when the member may still ask them: delivered, not asked yet, within the window; otherwise null. */
  follow_up_until: z.string().nullable().optional(),
});
export type ReviewRequestView = z.infer<typeof reviewRequestView>;
export const reviewRequestListQuery = z.object({ report_id: lineText().max(100).optional() });
export const reviewRequestListResponse = z.object({ requests: z.array(reviewRequestView) });

/** The quote the member sees before confirming. */
export const reviewQuoteResponse = z.object({
  price: z.number(),
  balance: z.number(),
  balance_after: z.number(),
  turnaround_days: z.number(),
});

/** The operator's queue row: the request plus the member and the expert. */
export const adminReviewRequestView = reviewRequestView.extend({
  member_email: z.string().nullable(),
  expert_id: z.string().nullable(),
  /** By when the expert it is offered to must accept (state 'assigned'). */
  offer_expires_at: z.string().nullable(),
  /** Offers made so far (by an operator or by matching). */
  offers: z.number(),
  /** Set once an accepted review is past its due time: the operators' to chase. */
  escalated_at: z.string().nullable(),
});
export const adminReviewQueueQuery = z.object({ state: z.enum(REVIEW_STATES).optional() });
export const adminReviewQueueResponse = z.object({ requests: z.array(adminReviewRequestView) });

/** What an expert sees of the reviews offered or accepted. Never the member's e-mail or name. */
export const expertAssignmentView = z.object({
  id: z.string(),
  report_title: z.string(),
  complexity: z.enum(COMPLEXITIES),
  sections: z.array(z.string()).nullable(),
  questions: z.string(),
  state: z.enum(REVIEW_STATES),
  fee: z.number().nullable(),
  due_at: z.string(),
  assigned_at: z.string().nullable(),
  /** By when the expert must accept an offer (state 'assigned', decision 227); null otherwise. */
  offer_expires_at: z.string().nullable(),
  /** How the member rated the delivered review (stars and comment only, never who they are). */
  rating: reviewRatingView.nullable(),
  /** The member's follow-up questions once asked, and the answers once given (decision 234). */
  follow_up: followUpView.nullable().optional(),
});
export type ExpertAssignmentView = z.infer<typeof expertAssignmentView>;
export const expertAssignmentListResponse = z.object({ assignments: z.array(expertAssignmentView) });
/** One assignment with the member's confirmed invention record (for an accepted review). */
export const expertAssignmentDetail = expertAssignmentView.extend({
  record: z.record(z.string(), z.unknown()).nullable(),
  review: expertReviewView.nullable(),
});

export const expertMeView = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  rttp_number: z.string(),
  paused: z.boolean(),
  undertaking_accepted: z.boolean(),
  /** Two-factor sign-in (decision 235): on, and whether the portal stays shut until it is (EXPERT_REQUIRE_2FA). */
  totp_enabled: z.boolean(),
  two_factor_required: z.boolean(),
});
export type ExpertMe = z.infer<typeof expertMeView>;

/** The text of the confidentiality undertaking an expert accepts at first sign-in. */
export const CONFIDENTIALITY_UNDERTAKING =
  'I will keep every invention, report and document I am shown here confidential; use it only to review it for the member who asked; not copy, keep or share it beyond that review; and tell the operator at once if I have a conflict of interest.';
