import type { Queryable } from '../../db/client.ts';
import { ascendingPages } from '../../lib/paging.ts';

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

/**
 * Every order a member opened, oldest first, with its amounts in minor units (data export): a page
 * at a time (keyset), so the export streams them without holding a heavy buyer's history whole.
 */
export async function* memberPaymentPages(q: Queryable, userId: string, pageSize?: number): AsyncGenerator<MemberPayment[]> {
  const pages = ascendingPages<{
    id: string;
    created_at: Date;
    package_id: string;
    package_name: string;
    tokens: number;
    price_minor: number;
    gst_minor: number;
    amount: number;
    currency: string;
    status: MemberPayment['status'];
    provider: string;
    receipt: string;
    razorpay_order_id: string;
    razorpay_payment_id: string | null;
    paid_at: Date | null;
    failed_at: Date | null;
    failure_reason: string | null;
  }>(q, {
    columns: `id, created_at, package_id, package_name, tokens, price_minor, gst_minor, amount, currency, status, provider,
              receipt, razorpay_order_id, razorpay_payment_id, paid_at, failed_at, failure_reason`,
    from: 'payments',
    where: 'user_id = $1',
    params: [userId],
    at: 'created_at',
    id: 'id',
    idType: 'uuid',
    pageSize,
  });
  for await (const rows of pages) {
    yield rows.map(({ razorpay_order_id, razorpay_payment_id, cursor_at: _, ...p }) => ({
      ...p,
      created_at: p.created_at.toISOString(),
      paid_at: p.paid_at?.toISOString() ?? null,
      failed_at: p.failed_at?.toISOString() ?? null,
      order_id: razorpay_order_id,
      payment_id: razorpay_payment_id,
    }));
  }
}
