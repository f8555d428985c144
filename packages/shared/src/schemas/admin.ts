import { z } from 'zod';
import { lineText, listCursor, pathParam } from './fields.ts';

/** Operator views of docs/product.md §3 (admin user, admin report, transaction, stats). */


export const adminListQuery = z.object({
  q: lineText().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  cursor: listCursor,
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

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
  /** The review's findings (at most 50), or null before the review ran. */
  review: z.array(adminReviewFinding).nullable(),
});
export type AdminReport = z.infer<typeof adminReportView>;

export const transactionView = z.object({
  id: z.string(),
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
  plan_name: z.string(),
  package_name: z.string(),
  tokens: z.number().int(),
  /** Minor units (cents, paise): divide by 100 to display. */
  amount_paid: z.number().int(),
  currency: z.string(),
  /** active (paid, tokens valid) · expired · cancelled (failed) · pending (awaiting payment). */
  status: z.string(),
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
    paid: z.number().int(),
    failed: z.number().int(),
    pending: z.number().int(),
  }),
  /** Revenue of payments charged in INR, in rupees (never converted from other currencies). */
  total_revenue_inr: z.number(),
  /** Every currency's paid total in minor units, by currency code; never summed across currencies. */
  revenue_by_currency: z.array(z.object({ currency: z.string(), amount_minor: z.number().int() })),
});
export type AdminStats = z.infer<typeof adminStatsView>;

/** The largest grant or deduction an operator may make at once. */
export const MAX_TOKEN_ADJUSTMENT = 1_000_000;

export const TOKEN_ADJUSTMENT_MESSAGES = {
  amountInvalid: 'Enter a whole number of tokens other than zero: positive to grant, negative to deduct',
  amountTooLarge: `At most ${MAX_TOKEN_ADJUSTMENT.toLocaleString('en-US')} tokens can be granted or deducted at once`,
  reasonRequired: 'A reason is required; the member sees it in their token history',
  reasonTooLong: 'The reason can be at most 300 characters',
  keyReused: 'This Idempotency-Key was already used for a different adjustment. Review the adjustment again to send it with a new key.',
  overDeduction: (deduct: number, available: number) =>
    `Cannot deduct ${deduct.toLocaleString('en-US')} tokens: the member has only ${available.toLocaleString('en-US')} available`,
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
