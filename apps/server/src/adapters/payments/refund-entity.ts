import { z } from 'zod';
import type { ProviderRefund } from './payment-provider.ts';

/** A refund as Razorpay describes it, in its API's answers and in its `refund.*` webhooks alike. */
export const refundEntity = z.object({
  id: z.string().min(1),
  payment_id: z.string().min(1),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  receipt: z.string().nullish(),
  // Razorpay sends an empty array, not an object, when a refund has no notes.
  notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish(),
});

export const toProviderRefund = (r: z.infer<typeof refundEntity>): ProviderRefund => ({
  id: r.id,
  payment_id: r.payment_id,
  amount: r.amount,
  currency: r.currency,
  status: r.status,
  receipt: r.receipt ?? null,
  notes: r.notes && !Array.isArray(r.notes) ? Object.fromEntries(Object.entries(r.notes).map(([k, v]) => [k, String(v)])) : {},
});
