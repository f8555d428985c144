import type { Queryable } from '../../db/client.ts';

export interface MemberPayment {
  id: string;
  created_at: string;
  package_id: string;
  package_name: string;
  tokens: number;
  price_minor: number;
  gst_minor: number;
  amount: number;
  currency: string;
  status: 'created' | 'paid' | 'failed';
  provider: string;
  receipt: string;
  order_id: string;
  payment_id: string | null;
  paid_at: string | null;
  failed_at: string | null;
  failure_reason: string | null;
}

/** Every order a member opened, oldest first, with its amounts in minor units (data export). */
export async function listMemberPayments(q: Queryable, userId: string): Promise<MemberPayment[]> {
  const r = await q.query<{
    id: string; created_at: Date; package_id: string; package_name: string; tokens: number; price_minor: number;
    gst_minor: number; amount: number; currency: string; status: MemberPayment['status']; provider: string; receipt: string;
    razorpay_order_id: string; razorpay_payment_id: string | null; paid_at: Date | null; failed_at: Date | null; failure_reason: string | null;
  }>(
    `SELECT id, created_at, package_id, package_name, tokens, price_minor, gst_minor, amount, currency, status, provider,
            receipt, razorpay_order_id, razorpay_payment_id, paid_at, failed_at, failure_reason
       FROM payments WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return r.rows.map(({ razorpay_order_id, razorpay_payment_id, ...p }) => ({
    ...p,
    created_at: p.created_at.toISOString(),
    paid_at: p.paid_at?.toISOString() ?? null,
    failed_at: p.failed_at?.toISOString() ?? null,
    order_id: razorpay_order_id,
    payment_id: razorpay_payment_id,
  }));
}
