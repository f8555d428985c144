import type { Transaction } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { containsPattern } from '../../lib/sql.ts';

interface Row {
  id: string;
  user_name: string | null;
  user_email: string | null;
  package_name: string;
  package_type: string;
  tokens: number;
  amount: number;
  currency: string;
  status: 'created' | 'paid' | 'failed';
  razorpay_payment_id: string | null;
  razorpay_order_id: string;
  active_until: Date | null;
  created_at: Date;
}

function statusOf(r: Row): string {
  if (r.status === 'failed') return 'cancelled';
  if (r.status === 'created') return 'pending';
  return r.active_until && r.active_until > new Date() ? 'active' : 'expired';
}

/** Token purchases, newest first: all of them, or one member's; searchable by name, email or order. */
export async function listTransactions(
  db: Queryable,
  q: { userId?: string | undefined; q?: string | undefined; page?: number | undefined; limit: number },
) {
  const search = q.q ? containsPattern(q.q.toLowerCase()) : null;
  const where = `($1::uuid IS NULL OR p.user_id = $1::uuid)
    AND ($2::text IS NULL OR lower(u.name) LIKE $2 OR u.email LIKE $2 OR lower(p.razorpay_order_id) LIKE $2
         OR lower(coalesce(p.razorpay_payment_id, '')) LIKE $2 OR lower(p.package_name) LIKE $2)`;
  const params = [q.userId ?? null, search];
  const [rows, total] = await Promise.all([
    db.query<Row>(
      `SELECT p.id, u.name AS user_name, u.email AS user_email, p.package_name, k.package_type, p.tokens,
              p.amount, p.currency, p.status, p.razorpay_payment_id, p.razorpay_order_id, p.created_at,
              (SELECT l.expires_at FROM token_lots l WHERE l.payment_id = p.id) AS active_until
         FROM payments p LEFT JOIN users u ON u.id = p.user_id JOIN token_packages k ON k.id = p.package_id
        WHERE ${where}
        ORDER BY p.created_at DESC, p.id LIMIT $3 OFFSET $4`,
      [...params, q.limit, ((q.page ?? 1) - 1) * q.limit],
    ),
    db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payments p LEFT JOIN users u ON u.id = p.user_id WHERE ${where}`,
      params,
    ),
  ]);
  const transactions: Transaction[] = rows.rows.map((r) => ({
    id: r.id,
    user_name: r.user_name,
    user_email: r.user_email,
    plan_name: r.package_type,
    package_name: r.package_name,
    tokens: r.tokens,
    amount_paid: r.amount,
    currency: r.currency,
    status: statusOf(r),
    razorpay_payment_id: r.razorpay_payment_id,
    razorpay_order_id: r.razorpay_order_id,
    active_until: r.active_until?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
  }));
  return { transactions, total: total.rows[0]!.n };
}
