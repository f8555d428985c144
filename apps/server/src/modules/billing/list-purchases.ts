import { paymentStateOf, type Purchase } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { afterCursor, cursorAt, splitPage } from '../../lib/paging.ts';
import { purchaseRefundStates } from './request-refund.ts';

interface Row {
  id: string;
  cursor_at: string;
  created_at: Date;
  package_name: string;
  tokens: number;
  price_minor: number;
  gst_minor: number;
  amount: number;
  currency: string;
  status: string;
  paid_at: Date | null;
  invoice_number: string | null;
  lot_tokens: number | null;
  lot_remaining: number | null;
  lot_expires_at: Date | null;
  refunded_minor: number | null;
}

const NO_REFUND = { refund_status: null, refund_request_id: null, credit_note_number: null, refundable: false, refund_refusal: null };

/**
 * The member's own purchases, newest first, a page after `cursor`: the amounts fixed at order
 * time, the invoice once captured, the lot the purchase credited as it stands now, and its refund.
 */
export async function listPurchases(db: Queryable, userId: string, page: { cursor?: string | undefined; limit: number }) {
  const params: unknown[] = [userId];
  const where = ['p.user_id = $1'];
  const after = afterCursor(page.cursor, 'p.created_at', 'p.id', params);
  if (after) where.push(after);
  const r = await db.query<Row>(
    `SELECT p.id, ${cursorAt('p.created_at')} AS cursor_at, p.created_at, p.package_name, p.tokens, p.price_minor,
            p.gst_minor, p.amount, p.currency, p.status, p.paid_at, i.invoice_number,
            l.tokens AS lot_tokens, l.remaining AS lot_remaining, l.expires_at AS lot_expires_at,
            (SELECT cn.total_minor FROM refund_requests rr JOIN credit_notes cn ON cn.refund_request_id = rr.id
              WHERE rr.payment_id = p.id) AS refunded_minor
       FROM payments p
       LEFT JOIN invoices i ON i.payment_id = p.id
       LEFT JOIN token_lots l ON l.payment_id = p.id AND l.user_id = p.user_id
      WHERE ${where.join(' AND ')}
      ORDER BY p.created_at DESC, p.id DESC
      LIMIT $${params.length + 1}`,
    [...params, page.limit + 1],
  );
  const { page: rows, next } = splitPage(r.rows, page.limit);
  const refunds = await purchaseRefundStates(
    db,
    userId,
    rows.map((p) => p.id),
  );
  const purchases: Purchase[] = rows.map((p) => ({
    id: p.id,
    created_at: p.created_at.toISOString(),
    package_name: p.package_name,
    tokens: p.tokens,
    price_minor: p.price_minor,
    tax_minor: p.gst_minor,
    total_minor: p.amount,
    currency: p.currency,
    status: paymentStateOf({ status: p.status, amount_minor: p.amount, refunded_minor: p.refunded_minor ?? 0 }),
    refunded_minor: p.refunded_minor ?? 0,
    paid_at: p.paid_at?.toISOString() ?? null,
    invoice_number: p.invoice_number,
    lot:
      p.lot_tokens !== null && p.lot_remaining !== null && p.lot_expires_at
        ? { tokens: p.lot_tokens, remaining: p.lot_remaining, expires_at: p.lot_expires_at.toISOString() }
        : null,
    ...(refunds.get(p.id) ?? NO_REFUND),
  }));
  return { purchases, next };
}
