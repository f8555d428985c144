import { z } from 'zod';
import { MSG } from '../messages.ts';
import { isOperatorSearchable } from '../operator-search.ts';
import { lineText, listCursor, pathParam } from './fields.ts';
import { dateBound, isTimeZone } from './contact.ts';
import { paymentState } from './refunds.ts';
import { formatTokens } from '../format.ts';

/** Operator views of docs/product.md §3 (admin user, admin report, transaction, stats). */

export const adminListQuery = z.object({
  q: lineText()
    .trim()
    .max(200)
    .refine((q) => !q || isOperatorSearchable(q), MSG.searchTooShort)
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  cursor: listCursor,
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/**
 * Token Purchases: the list query plus a state and a date range, read as the contact list reads
 * its dates: a day (YYYY-MM-DD) is the operator's day in `tz` (UTC without it) and `to` is
 * inclusive; an ISO timestamp is that instant.
 */
export const adminTransactionsQuery = adminListQuery.extend({
  status: paymentState.optional(),
  from: dateBound,
  to: dateBound,
  tz: lineText().trim().max(64).refine(isTimeZone, 'Unknown time zone').optional(),
});
export type AdminTransactionsQuery = z.infer<typeof adminTransactionsQuery>;

/** The Excel exports take the list's filters, not its paging: they stream every matching row. */
export const adminUsersExportQuery = adminListQuery.pick({ q: true });
export const adminTransactionsExportQuery = adminTransactionsQuery.omit({ page: true, cursor: true, limit: true });

export const adminUserParams = z.object({ id: pathParam(100) });

/**
 * A member's card lists: the newest 50 (up to 500 with `limit`), then X-Next-Cursor; a page
 * costs the same for a member with 5,000 reports as for one with 50 (decision 071).
 */
export const adminMemberListQuery = z.object({ cursor: listCursor, limit: z.coerce.number().int().min(1).max(500).default(50) });

export const adminUserView = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  plan_name: z.string(),
  subscription_status: z.string(),
  reports_generated: z.number().int(),
  available_tokens: z.number().int(),
  is_verified: z.boolean(),
  created_at: z.string(),
  last_login: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserView>;

/** One finding of the report engine's review: the section, what was wrong, what was done. */
export const adminReviewFinding = z.object({
  section: z.string(),
  kind: z.string(),
  detail: z.string(),
  resolution: z.enum(['rewritten', 'fixed-by-rule', 'open']),
});
export type AdminReviewFinding = z.infer<typeof adminReviewFinding>;

export const adminReportView = z.object({
  id: z.string(),
  title: z.string(),
  created_at: z.string(),
  plan_name: z.string(),
  file_url: z.string().nullable(),
  status: z.string(),
  /** Why a failed report failed, as the member was told; null otherwise. */
  error_message: z.string().nullable(),
  /** The review's findings (at most 50), or null before the review ran. */
  review: z.array(adminReviewFinding).nullable(),
});
export type AdminReport = z.infer<typeof adminReportView>;

export const transactionView = z.object({
  id: z.string(),
  /** The buyer's member id (null once the account is deleted). */
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
  plan_name: z.string(),
  package_name: z.string(),
  tokens: z.number().int(),
  /** Minor units (cents, paise): divide by 100 to display. The gross amount charged, tax included. */
  amount_paid: z.number().int(),
  currency: z.string(),
  /** The GST in amount_paid (0 for an export of services). */
  tax_minor: z.number().int(),
  /** What went back to the buyer (its credit note's total; 0 when none). */
  refunded_minor: z.number().int(),
  /** The GST of the refund (its credit note's). */
  refunded_tax_minor: z.number().int(),
  /** What the sale is worth now: amount_paid − refunded_minor. */
  net_minor: z.number().int(),
  /** paid · refunded · partially_refunded · failed · pending: the one vocabulary (PAYMENT_STATE_LABELS). */
  status: paymentState,
  /** A refund request waiting for a decision. */
  refund_requested: z.boolean(),
  razorpay_payment_id: z.string().nullable(),
  razorpay_order_id: z.string(),
  active_until: z.string().nullable(),
  created_at: z.string(),
  /** The tax invoice of a paid purchase (GET /billing/invoices/{number} with basic authorization). */
  invoice_number: z.string().nullable(),
});
export type Transaction = z.infer<typeof transactionView>;

export const adminStatsView = z.object({
  total_users: z.number().int(),
  total_reports: z.number().int(),
  /** Paid purchases (the same figure as purchases.paid). */
  completed_transactions: z.number().int(),
  /**
   * Every token purchase opened, by status: paid, failed (declined, failed at the provider,
   * failed verification or abandoned) and pending (awaiting payment). total = paid + failed +
   * pending. The dashboard and the Token Purchases tab both show this one breakdown.
   */
  purchases: z.object({
    total: z.number().int(),
    /** Captured, whatever became of them later (paid + refunded + partially refunded below). */
    paid: z.number().int(),
    failed: z.number().int(),
    pending: z.number().int(),
    /** Of the paid: refunded in full, and refunded less the fee (decision 167). */
    refunded: z.number().int(),
    partially_refunded: z.number().int(),
  }),
  /** Revenue of payments charged in INR, in rupees (never converted from other currencies). */
  total_revenue_inr: z.number(),
  /**
   * Every currency's revenue in minor units, by currency code; never summed across currencies.
   * amount_minor is net of refunds (gross − refunded); tax_minor the GST kept (charged − credited).
   */
  revenue_by_currency: z.array(
    z.object({
      currency: z.string(),
      amount_minor: z.number().int(),
      gross_minor: z.number().int(),
      refunded_minor: z.number().int(),
      tax_minor: z.number().int(),
    }),
  ),
});
export type AdminStats = z.infer<typeof adminStatsView>;

/** The days of use shown per evidence source (today and the six before it, UTC). */
export const EVIDENCE_USAGE_DAYS = 7;

/**
 * One configured prior-art or literature source as operators see it (docs/decisions/210): its
 * use, its last failure in plain words, a spent allowance and the start-up check of its key.
 */
export const adminEvidenceSourceView = z.object({
  source: z.string(),
  label: z.string(),
  /** Searches sent (cache hits not included), failures and cache hits, today (UTC). */
  today: z.object({ searches: z.number().int(), failures: z.number().int(), cache_hits: z.number().int() }),
  /** The same over the last seven days, today included. */
  week: z.object({ searches: z.number().int(), failures: z.number().int(), cache_hits: z.number().int() }),
  last_ok_at: z.string().nullable(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  /** Set while the source's allowance is spent: searches fail at once, saying so, until then. */
  spent_until: z.string().nullable(),
  /** The start-up check of the key: ok, refused (the server stopped) or unreachable. */
  probe: z.enum(['ok', 'refused', 'unreachable']).nullable(),
  probed_at: z.string().nullable(),
});
export type AdminEvidenceSource = z.infer<typeof adminEvidenceSourceView>;

/** The largest grant or deduction an operator may make at once. */
export const MAX_TOKEN_ADJUSTMENT = 1_000_000;

export const TOKEN_ADJUSTMENT_MESSAGES = {
  amountInvalid: 'Enter a whole number of tokens other than zero: positive to grant, negative to deduct',
  amountTooLarge: `At most ${formatTokens(MAX_TOKEN_ADJUSTMENT)} tokens can be granted or deducted at once`,
  reasonRequired: 'A reason is required; the member sees it in their token history',
  reasonTooLong: 'The reason can be at most 300 characters',
  keyReused: 'This Idempotency-Key was already used for a different adjustment. Review the adjustment again to send it with a new key.',
  overDeduction: (deduct: number, available: number) =>
    `Cannot deduct ${formatTokens(deduct)} tokens: the member has only ${formatTokens(available)} available`,
} as const;

/** An operator's manual grant (positive) or deduction (negative), with the reason the member will see. */
export const tokenAdjustmentBody = z.object({
  amount: z
    .number({ error: TOKEN_ADJUSTMENT_MESSAGES.amountInvalid })
    .int(TOKEN_ADJUSTMENT_MESSAGES.amountInvalid)
    .refine((n) => n !== 0, TOKEN_ADJUSTMENT_MESSAGES.amountInvalid)
    .refine((n) => Math.abs(n) <= MAX_TOKEN_ADJUSTMENT, TOKEN_ADJUSTMENT_MESSAGES.amountTooLarge),
  reason: lineText(TOKEN_ADJUSTMENT_MESSAGES.reasonRequired)
    .trim()
    .min(1, TOKEN_ADJUSTMENT_MESSAGES.reasonRequired)
    .max(300, TOKEN_ADJUSTMENT_MESSAGES.reasonTooLong),
});
export type TokenAdjustment = z.infer<typeof tokenAdjustmentBody>;

export const tokenAdjustmentView = z.object({
  amount: z.number().int(),
  reason: z.string(),
  /** The member's balance after the adjustment. */
  available_tokens: z.number().int(),
});
export type TokenAdjustmentView = z.infer<typeof tokenAdjustmentView>;

/** The operators' development preview of every mail (decision 240): each template drawn with its sample data. */
export const mailPreviewView = z.object({
  name: z.string(),
  about: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
export const mailPreviewList = z.array(mailPreviewView);
