import { z } from 'zod';
import { COMPLEXITIES } from '../constants.ts';
import { lineText, pathParam } from './fields.ts';

/**
 * Issue 28 item 5: what the provider owes each expert — the expert's rate for the tier, recorded
 * on the request when it was assigned, accrued once when the review is delivered — and the
 * payouts the operators record (docs/decisions/234-review-follow-ups-earnings-and-invoice-line.md).
 * Amounts are tokens, as the rate card is (decision 230).
 */

export const EARNINGS_MESSAGES = {
  nothingOwed: 'Nothing is owed to this expert for reviews delivered up to that day',
  futureDay: 'Choose a day that has begun: a payout covers reviews already delivered',
  periodOrder: 'The period must end on or after the day it starts',
} as const;

/** A calendar day, YYYY-MM-DD (UTC). */
const isDay = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const t = Date.parse(`${v}T00:00:00Z`);
  return v >= '2000' && !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
};
const dayField = (message = 'Use a date like 2026-11-30') => lineText().trim().max(10, message).refine(isDay, message);

/** One expert's totals, as the operators' experts view shows them. */
export const expertEarningsRow = z.object({
  expert_id: z.string(),
  name: z.string(),
  email: z.string(),
  rttp_number: z.string(),
  owed_tokens: z.number(),
  owed_reviews: z.number(),
  paid_tokens: z.number(),
  paid_reviews: z.number(),
  /** The newest payout recorded for the expert. */
  last_paid_at: z.string().nullable(),
});
export type ExpertEarningsRow = z.infer<typeof expertEarningsRow>;
export const expertEarningsResponse = z.object({ experts: z.array(expertEarningsRow) });

/** GET /admin/experts/earnings/export: reviews delivered from `from` to `to` (inclusive UTC days). */
export const earningsExportQuery = z
  .object({ from: dayField(), to: dayField(), expert_id: lineText().max(100).optional() })
  .refine((q) => q.from <= q.to, { message: EARNINGS_MESSAGES.periodOrder, path: ['to'] });
export type EarningsExportQuery = z.input<typeof earningsExportQuery>;

/** POST /admin/experts/:id/payouts: everything owed for reviews delivered up to the end of `through` was paid. */
export const recordPayoutRequest = z.object({
  through: dayField(),
  reference: lineText().trim().max(200, 'Keep the reference to 200 characters').default(''),
});
export type RecordPayoutRequest = z.input<typeof recordPayoutRequest>;
export const expertPayoutParams = z.object({ id: pathParam(100) });

export const expertPayoutView = z.object({
  id: z.string(),
  expert_id: z.string(),
  through: z.string(),
  tokens: z.number(),
  reviews: z.number(),
  reference: z.string(),
  paid_at: z.string(),
  paid_by: z.string(),
});
export type ExpertPayoutView = z.infer<typeof expertPayoutView>;
/** `created` is false when this payout had been recorded already (the same expert and day): nothing changed. */
export const recordPayoutResponse = z.object({ payout: expertPayoutView, created: z.boolean() });

/** The expert's own view: totals, the newest earnings (tier, date, amount, paid or not) and payouts. */
export const expertOwnEarningsResponse = z.object({
  owed_tokens: z.number(),
  paid_tokens: z.number(),
  earnings: z.array(
    z.object({
      request_id: z.string(),
      complexity: z.enum(COMPLEXITIES),
      tokens: z.number(),
      accrued_at: z.string(),
      paid_at: z.string().nullable(),
    }),
  ),
  payouts: z.array(expertPayoutView.omit({ paid_by: true })),
});
export type ExpertOwnEarnings = z.infer<typeof expertOwnEarningsResponse>;
