import { expect } from 'vitest';
import type { FakeRazorpay } from '../../../test/fakes/fake-razorpay.ts';
import type { Member } from '../../../test/members.ts';
import type { TestApp } from '../../../test/test-app.ts';
import type { Queryable } from '../../db/client.ts';
import { openOrder } from '../../../test/purchases.ts';

/** Helpers for refund tests: buying through the fake Razorpay, the refund calls, the ledger's sums. */

export const OPS_PASSWORD = 'operator-password-123';
export const ops = { authorization: `Basic ${Buffer.from(`ops:${OPS_PASSWORD}`).toString('base64')}` };

/** Buys a package through the fake Razorpay and the member's verify call; answers our payment (purchase) id. */
export async function buyWithRazorpay(t: TestApp, rzp: FakeRazorpay, m: Member, packageId = 'starter') {
  const order = await openOrder(t, m.auth, packageId);
  expect(order.statusCode, order.body).toBe(200);
  const paid = rzp.pay(order.json<{ order_id: string }>().order_id);
  const res = await t.app.inject({ method: 'POST', url: '/api/tokens/purchase/verify-payment', headers: m.auth, payload: paid });
  expect(res.statusCode, res.body).toBe(200);
  const p = (
    await t.db.query<{ id: string; amount: number; tokens: number; razorpay_payment_id: string }>(
      'SELECT id, amount, tokens, razorpay_payment_id FROM payments WHERE razorpay_order_id = $1',
      [paid.razorpay_order_id],
    )
  ).rows[0]!;
  return p;
}

export const askRefund = (t: TestApp, m: Member, purchaseId: string, reason: unknown = 'Bought the wrong package') =>
  t.app.inject({ method: 'POST', url: `/api/billing/purchases/${purchaseId}/refund-request`, headers: m.auth, payload: { reason } });

export const approve = (t: TestApp, id: string) => t.app.inject({ method: 'POST', url: `/api/admin/refunds/${id}/approve`, headers: ops });

export const decline = (t: TestApp, id: string, reason?: string) =>
  t.app.inject({ method: 'POST', url: `/api/admin/refunds/${id}/decline`, headers: ops, payload: reason === undefined ? {} : { reason } });

export const creditNoteUrl = (n: string) => `/api/billing/credit-notes/${encodeURIComponent(n)}`;

/** The provider refund calls the fake received (POST /v1/payments/{id}/refund). */
export const refundCalls = (rzp: FakeRazorpay, paymentId?: string) =>
  rzp.calls.filter(
    (c) => c.method === 'POST' && /^\/v1\/payments\/[^/]+\/refund$/.test(c.path) && (!paymentId || c.path.includes(paymentId)),
  );

/**
 * The ledger's sums hold for these members: every lot's remaining tokens equal the sum of its
 * entries and lie within 0..size, each member's entries sum to their lots' remaining tokens, and
 * a lot has at most one refund entry, of its whole size.
 */
export async function expectLedgerHolds(db: Queryable, userIds: string[]) {
  const drift = await db.query(
    `SELECT l.id FROM token_lots l LEFT JOIN token_ledger e ON e.lot_id = l.id
      WHERE l.user_id = ANY($1) GROUP BY l.id, l.remaining, l.tokens
     HAVING l.remaining <> coalesce(sum(e.amount), 0) OR l.remaining < 0 OR l.remaining > l.tokens`,
    [userIds],
  );
  expect(drift.rows).toEqual([]);
  const sums = await db.query(
    `SELECT u.id FROM unnest($1::uuid[]) AS u(id)
      WHERE (SELECT coalesce(sum(amount), 0) FROM token_ledger WHERE user_id = u.id)
         <> (SELECT coalesce(sum(remaining), 0) FROM token_lots WHERE user_id = u.id)`,
    [userIds],
  );
  expect(sums.rows).toEqual([]);
  const refunds = await db.query(
    `SELECT e.lot_id FROM token_ledger e JOIN token_lots l ON l.id = e.lot_id
      WHERE e.kind = 'refund' AND l.user_id = ANY($1) GROUP BY e.lot_id, l.tokens HAVING count(*) > 1 OR sum(e.amount) <> -l.tokens`,
    [userIds],
  );
  expect(refunds.rows).toEqual([]);
}

export const refundEntries = async (db: Queryable, purchaseId: string) =>
  (
    await db.query<{ amount: number }>(
      `SELECT e.amount FROM token_ledger e JOIN token_lots l ON l.id = e.lot_id WHERE l.payment_id = $1 AND e.kind = 'refund'`,
      [purchaseId],
    )
  ).rows;

export const creditNotesOf = async (db: Queryable, purchaseId: string) =>
  (
    await db.query<{
      credit_note_number: string;
      total_minor: number;
      taxable_minor: number;
      cgst_minor: number;
      sgst_minor: number;
      igst_minor: number;
      fee_minor: number;
      amount_paid_minor: number;
      invoice_number: string;
    }>(`SELECT cn.* FROM credit_notes cn JOIN refund_requests r ON r.id = cn.refund_request_id WHERE r.payment_id = $1`, [purchaseId])
  ).rows;

export const refundRow = async (db: Queryable, id: string) =>
  (
    await db.query<{ status: string; provider_refund_id: string | null; refund_attempt: number; provider_status: string | null }>(
      'SELECT status, provider_refund_id, refund_attempt, provider_status FROM refund_requests WHERE id = $1',
      [id],
    )
  ).rows[0]!;
