import { paymentStateNamed, paymentStateOf, type PaymentState, type Transaction } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { afterCursor, cappedCount, countedPageSql, cursorAt, exactTotal, offsetWindow, splitPage, totalOfPage } from '../../lib/paging.ts';
import { containsPattern, prefixPattern } from '../../lib/sql.ts';
import { readCounter } from '../../lib/stat-counters.ts';
import { nextDay, startOfDayIn } from '../../lib/time-zone.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A search shaped like a Razorpay order or payment id, or its start ("order_Ilu…", "pay_29Q…"). */
const PROVIDER_ID = /^(order|pay)_[a-z0-9_]+$/i;
const idStartsWith = (pattern: string) => `(lower(p.razorpay_order_id) LIKE ${pattern} OR lower(p.razorpay_payment_id) LIKE ${pattern})`;

interface Row {
  id: string;
  user_id: string | null;
  user_name: string | null;
  user_email: string | null;
  package_name: string;
  package_type: string;
  tokens: number;
  amount: number;
  gst_minor: number;
  currency: string;
  status: 'created' | 'paid' | 'failed';
  refunded_minor: number | null;
  refunded_tax_minor: number | null;
  refund_requested: boolean;
  razorpay_payment_id: string | null;
  razorpay_order_id: string;
  active_until: Date | null;
  invoice_number: string | null;
  created_at: Date;
}

/** What its credit note gave back (credit notes are issued when a refund is approved). */
const REFUNDED = (col: string) =>
  `(SELECT cn.${col} FROM refund_requests rr JOIN credit_notes cn ON cn.refund_request_id = rr.id WHERE rr.payment_id = p.id)`;

/** SQL for one state of the shared vocabulary (paymentStateOf), on payments `p`. */
const STATE_SQL: Record<PaymentState, string> = {
  pending: `p.status = 'created'`,
  failed: `p.status = 'failed'`,
  paid: `p.status = 'paid' AND ${REFUNDED('total_minor')} IS NULL`,
  refunded: `p.status = 'paid' AND ${REFUNDED('total_minor')} >= p.amount`,
  partially_refunded: `p.status = 'paid' AND ${REFUNDED('total_minor')} < p.amount`,
};

/**
 * Token purchases, newest first: all of them, or one member's; searchable by name, email, order,
 * payment id or package, or by a state's name ("refunded"); filtered by state and by a date
 * range (from ≤ created < to). One page by `cursor` (keyset) or `page` (offset). Each row says
 * its state in the shared vocabulary and its gross, tax, refunded and net figures.
 */
export async function listTransactions(
  db: Queryable,
  q: {
    userId?: string | undefined;
    q?: string | undefined;
    page?: number | undefined;
    cursor?: string | undefined;
    limit: number;
    status?: PaymentState | undefined;
    from?: string | undefined;
    to?: string | undefined;
    tz?: string | undefined;
  },
) {
  // Days are the operator's (tz), `to` inclusive: up to the next local midnight (as the contact list).
  const zone = q.tz ?? 'UTC';
  const from = q.from ? (DAY.test(q.from) ? startOfDayIn(q.from, zone) : new Date(q.from)).toISOString() : null;
  const to = q.to ? (DAY.test(q.to) ? startOfDayIn(nextDay(q.to), zone) : new Date(new Date(q.to).getTime() + 1)).toISOString() : null;
  // A search that is a state's name filters by that state (an operator types "refunded").
  const named = q.q ? paymentStateNamed(q.q) : undefined;
  const status = q.status ?? named;
  const text = q.q && !named ? q.q.trim().toLowerCase() : null;
  // An id is found by its start in the ids' own indexes (migration 244): its first trigrams are
  // in every purchase, so the trigram index would read the whole table's entries for it.
  const byId = text && PROVIDER_ID.test(text) ? prefixPattern(text) : null;
  const search = text && !byId ? containsPattern(text) : null;
  // A state chosen in the filter and another typed in the search match nothing.
  const contradictory = Boolean(q.status && named && q.status !== named);
  // Only the conditions asked for are written (no "$n IS NULL OR …", which makes PostgreSQL test
  // every purchase; decision 186). A purchase carries the text it is found by (its order, payment
  // and package, its buyer's name and email: migration 242), so a search is one trigram index,
  // and past the count's cap the walk down the newest-first index tests each row in place.
  const filterParams: unknown[] = [];
  const param = (v: unknown) => `$${filterParams.push(v)}`;
  const conditions = [
    search ? `p.search_text LIKE ${param(search)}` : '',
    byId ? idStartsWith(param(byId)) : '',
    q.userId ? `p.user_id = ${param(q.userId)}::uuid` : '',
    from ? `p.created_at >= ${param(from)}::timestamptz` : '',
    to ? `p.created_at < ${param(to)}::timestamptz` : '',
    contradictory ? 'false' : '',
    status ? `(${STATE_SQL[status]})` : '',
  ].filter(Boolean);
  const filter = conditions.length ? conditions.join(' AND ') : 'true';
  const params: unknown[] = [...filterParams];
  const where = [filter];
  const after = afterCursor(q.cursor, 'p.created_at', 'p.id', params);
  if (after) where.push(after);
  const offset = q.cursor ? 0 : ((q.page ?? 1) - 1) * q.limit;
  const filtered = Boolean(q.userId || search || byId || status || q.from || q.to);
  const counted = filtered ? undefined : readCounter(db, 'payments').then(exactTotal);
  // Deep pages of the whole list (an exact counter) from the nearer end.
  const window = offsetWindow(offset, q.limit, counted && offset > 0 ? (await counted).n : undefined);
  const [limit, skip] = [`$${params.length + 1}`, `$${params.length + 2}`];
  // A search (or one member's list) is looked up once for its page and its total.
  const picked = filtered
    ? countedPageSql({ table: 'payments', alias: 'p', at: 'created_at', filter, after, limit, offset: skip })
    : `SELECT p.id, NULL::int AS total FROM payments p WHERE ${where.join(' AND ')}
        ORDER BY p.created_at ${window.order}, p.id ${window.order} LIMIT ${limit} OFFSET ${skip}`;
  const rows = await db.query<Row & { cursor_at: string; total: number | null }>(
    `SELECT p.id, u.id AS user_id, u.name AS user_name, u.email AS user_email, p.package_name, k.package_type, p.tokens,
            p.amount, p.gst_minor, p.currency, p.status, p.razorpay_payment_id,
            ${REFUNDED('total_minor')} AS refunded_minor,
            ${REFUNDED('cgst_minor + cn.sgst_minor + cn.igst_minor')} AS refunded_tax_minor,
            EXISTS (SELECT 1 FROM refund_requests rr WHERE rr.payment_id = p.id AND rr.status = 'requested') AS refund_requested, p.razorpay_order_id, p.created_at,
            ${cursorAt('p.created_at')} AS cursor_at, page.total,
            (SELECT l.expires_at FROM token_lots l WHERE l.payment_id = p.id) AS active_until,
            (SELECT i.invoice_number FROM invoices i WHERE i.payment_id = p.id) AS invoice_number
       FROM (${picked}) page
       -- Only the page's rows are read whole: skipped ones (OFFSET) stay in the index.
       JOIN payments p ON p.id = page.id
       LEFT JOIN users u ON u.id = p.user_id JOIN token_packages k ON k.id = p.package_id
      ORDER BY p.created_at DESC, p.id DESC`,
    [...params, window.limit, window.offset],
  );
  const total = counted
    ? await counted
    : await totalOfPage(rows.rows as { total: number }[], !q.cursor && offset === 0, () =>
        cappedCount(db, `FROM payments p WHERE ${filter}`, filterParams),
      );
  const { page, next } = splitPage(rows.rows, q.limit);
  const transactions: Transaction[] = page.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    user_name: r.user_name,
    user_email: r.user_email,
    plan_name: r.package_type,
    package_name: r.package_name,
    tokens: r.tokens,
    amount_paid: r.amount,
    currency: r.currency,
    tax_minor: r.gst_minor,
    refunded_minor: r.refunded_minor ?? 0,
    refunded_tax_minor: r.refunded_tax_minor ?? 0,
    net_minor: r.amount - (r.refunded_minor ?? 0),
    status: paymentStateOf({ status: r.status, amount_minor: r.amount, refunded_minor: r.refunded_minor ?? 0 }),
    refund_requested: r.refund_requested,
    razorpay_payment_id: r.razorpay_payment_id,
    razorpay_order_id: r.razorpay_order_id,
    active_until: r.active_until?.toISOString() ?? null,
    invoice_number: r.invoice_number,
    created_at: r.created_at.toISOString(),
  }));
  return { transactions, total, next };
}
