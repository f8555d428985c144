import type { Transaction } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { afterCursor, cappedCount, cursorAt, exactTotal, splitPage } from '../../lib/paging.ts';
import { containsPattern } from '../../lib/sql.ts';
import { readCounter } from '../../lib/stat-counters.ts';

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
  invoice_number: string | null;
  created_at: Date;
}

function statusOf(r: Row): string {
  if (r.status === 'failed') return 'cancelled';
  if (r.status === 'created') return 'pending';
  return r.active_until && r.active_until > new Date() ? 'active' : 'expired';
}

/**
 * Token purchases, newest first: all of them, or one member's; searchable by name, email, order,
 * payment id or package. One page by `cursor` (keyset) or `page` (offset).
 */
export async function listTransactions(
  db: Queryable,
  q: { userId?: string | undefined; q?: string | undefined; page?: number | undefined; cursor?: string | undefined; limit: number },
) {
  const search = q.q ? containsPattern(q.q.toLowerCase()) : null;
  // Each side of the search has its own trigram index; a union lets both be used.
  const filter = `($1::uuid IS NULL OR p.user_id = $1::uuid)
    AND ($2::text IS NULL OR p.id IN (
      SELECT s.id FROM payments s JOIN users su ON su.id = s.user_id WHERE lower(su.name) LIKE $2 OR su.email LIKE $2
      UNION
      SELECT s.id FROM payments s
       WHERE lower(s.razorpay_order_id || ' ' || coalesce(s.razorpay_payment_id, '') || ' ' || s.package_name) LIKE $2))`;
  const params: unknown[] = [q.userId ?? null, search];
  const where = [filter];
  const after = afterCursor(q.cursor, 'p.created_at', 'p.id', params);
  if (after) where.push(after);
  const offset = q.cursor ? 0 : ((q.page ?? 1) - 1) * q.limit;
  const counted = q.userId || search ? undefined : readCounter(db, 'payments').then(exactTotal);
  // OFFSET walks every skipped row of the index. Past the middle of the whole list (its total is
  // an exact counter) the page is taken from the oldest end instead, ascending, so the walk is
  // at most half the list whichever page is asked for (docs/decisions/071-search-and-deep-pages.md).
  let window = { order: 'DESC', limit: q.limit + 1, offset };
  if (counted && offset > 0) {
    const n = (await counted).n;
    if (offset > n / 2) {
      const from = Math.max(0, n - 1 - offset - q.limit);
      window = { order: 'ASC', limit: Math.max(0, n - offset - from), offset: from };
    }
  }
  const [rows, total] = await Promise.all([
    db.query<Row & { cursor_at: string }>(
      `SELECT p.id, u.name AS user_name, u.email AS user_email, p.package_name, k.package_type, p.tokens,
              p.amount, p.currency, p.status, p.razorpay_payment_id, p.razorpay_order_id, p.created_at,
              ${cursorAt('p.created_at')} AS cursor_at,
              (SELECT l.expires_at FROM token_lots l WHERE l.payment_id = p.id) AS active_until,
              (SELECT i.invoice_number FROM invoices i WHERE i.payment_id = p.id) AS invoice_number
         FROM (SELECT p.id FROM payments p WHERE ${where.join(' AND ')}
                ORDER BY p.created_at ${window.order}, p.id ${window.order}
                LIMIT $${params.length + 1} OFFSET $${params.length + 2}) page
         -- Only the page's rows are read whole: skipped ones (OFFSET) stay in the index.
         JOIN payments p ON p.id = page.id
         LEFT JOIN users u ON u.id = p.user_id JOIN token_packages k ON k.id = p.package_id
        ORDER BY p.created_at DESC, p.id DESC`,
      [...params, window.limit, window.offset],
    ),
    counted ?? cappedCount(db, `FROM payments p WHERE ${filter}`, [q.userId ?? null, search]),
  ]);
  const { page, next } = splitPage(rows.rows, q.limit);
  const transactions: Transaction[] = page.map((r) => ({
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
    invoice_number: r.invoice_number,
    created_at: r.created_at.toISOString(),
  }));
  return { transactions, total, next };
}
