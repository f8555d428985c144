import { REFUND_MESSAGES as M, REFUND_WINDOW_DAYS, refundFeeMinor, type PurchaseRefundState, type RefundView } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import { lockAccount, purchaseLotOf } from '../tokens/index.ts';
import { queueRefundRequestMail } from './refund-mails.ts';
import { findRefund, toRefundView } from './refund-row.ts';

interface PaymentForRefund {
  id: string;
  package_name: string;
  user_id: string | null;
  status: string;
  tokens: number;
  amount: number;
  currency: string;
  in_window: boolean;
}

type Refusal = { code: string; detail: string };

/**
 * Why a purchase cannot be refunded now, or undefined when it can (the Refund Policy: within
 * 7 days of capture, none of its tokens used, no live request).
 */
async function refusal(q: Queryable, p: PaymentForRefund): Promise<Refusal | undefined> {
  if (p.status !== 'paid') return { code: 'refund_not_paid', detail: M.notPaid };
  const live = (
    await q.query<{ status: string }>(
      `SELECT status FROM refund_requests WHERE payment_id = $1 AND status NOT IN ('declined', 'withdrawn')`,
      [p.id],
    )
  ).rows[0];
  if (live) {
    return live.status === 'requested'
      ? { code: 'refund_already_requested', detail: M.alreadyRequested }
      : { code: 'refund_already_refunded', detail: M.alreadyRefunded };
  }
  if (!p.in_window) return { code: 'refund_window_expired', detail: M.windowExpired };
  const lot = await purchaseLotOf(q, p.id);
  if (!lot || lot.remaining !== lot.tokens) return { code: 'refund_tokens_used', detail: M.tokensUsed };
  return undefined;
}

const PAYMENT_FOR_REFUND = `SELECT id, package_name, user_id, status, tokens, amount, currency,
  (paid_at IS NOT NULL AND paid_at > now() - make_interval(days => ${REFUND_WINDOW_DAYS})) AS in_window FROM payments`;

/**
 * A member asks for a refund of one of their purchases (the payment id), with a reason. The
 * member's token account is locked first, as every spend takes it, so a report started at the
 * same moment either uses the package's tokens first (and the request is refused) or finds
 * the package held (migration 165: the request's trigger holds the lot until the decision).
 * The payment row is locked next so two requests at once make one; the database's unique
 * index on live requests backs that up. Another member's purchase is not found. The member
 * is mailed an acknowledgement in the same transaction.
 */
export async function requestRefund(
  deps: Pick<Deps, 'db' | 'queue' | 'config'>,
  userId: string,
  paymentId: string,
  reason: string,
): Promise<RefundView> {
  if (!isUuid(paymentId)) throw notFound(M.purchaseNotFound, 'purchase_not_found');
  const id = await deps.db.transaction(async (tx) => {
    await lockAccount(tx, userId).catch(() => {
      throw notFound(M.purchaseNotFound, 'purchase_not_found');
    });
    const p = (await tx.query<PaymentForRefund>(`${PAYMENT_FOR_REFUND} WHERE id = $1 FOR UPDATE`, [paymentId])).rows[0];
    if (!p || p.user_id !== userId) throw notFound(M.purchaseNotFound, 'purchase_not_found');
    const refused = await refusal(tx, p);
    if (refused) throw conflict(refused.detail, refused.code);
    const fee = refundFeeMinor(p.amount);
    const r = await tx.query<{ id: string }>(
      `INSERT INTO refund_requests (payment_id, user_id, reason, tokens, currency, amount_minor, fee_minor, refund_minor)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [p.id, userId, reason, p.tokens, p.currency, p.amount, fee, p.amount - fee],
    );
    await queueRefundRequestMail(deps, tx, 'received', {
      user_id: userId,
      package_name: p.package_name,
      tokens: p.tokens,
      currency: p.currency,
      amount_minor: p.amount,
      fee_minor: fee,
      refund_minor: p.amount - fee,
    });
    return r.rows[0]!.id;
  });
  return toRefundView((await findRefund(deps.db, id))!);
}

/**
 * The refund state of a member's purchases, for the Billing page's purchases list (shape:
 * `purchaseRefundState` in @assay/shared). Other members' payments are left out.
 */
export async function purchaseRefundStates(db: Queryable, userId: string, paymentIds: string[]): Promise<Map<string, PurchaseRefundState>> {
  const out = new Map<string, PurchaseRefundState>();
  const ids = paymentIds.filter(isUuid);
  if (!ids.length) return out;
  const payments = (await db.query<PaymentForRefund>(`${PAYMENT_FOR_REFUND} WHERE id = ANY($1::uuid[]) AND user_id = $2`, [ids, userId]))
    .rows;
  const latest = (
    await db.query<{ payment_id: string; id: string; status: RefundView['status']; credit_note_number: string | null }>(
      `SELECT DISTINCT ON (r.payment_id) r.payment_id, r.id, r.status, cn.credit_note_number
       FROM refund_requests r LEFT JOIN credit_notes cn ON cn.refund_request_id = r.id
      WHERE r.payment_id = ANY($1::uuid[]) ORDER BY r.payment_id, r.requested_at DESC`,
      [ids],
    )
  ).rows;
  for (const p of payments) {
    const l = latest.find((x) => x.payment_id === p.id);
    const refused = await refusal(db, p);
    out.set(p.id, {
      refund_status: l?.status ?? null,
      refund_request_id: l?.id ?? null,
      credit_note_number: l?.credit_note_number ?? null,
      refundable: !refused,
      refund_refusal: refused?.detail ?? null,
    });
  }
  return out;
}

/**
 * The member's refund requests waiting for a decision: account deletion keeps them (and their
 * held packages) for the operator, and records how many (docs/decisions/165).
 */
export async function pendingRefundCount(q: Queryable, userId: string): Promise<number> {
  const r = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM refund_requests WHERE user_id = $1 AND status = 'requested'`, [
    userId,
  ]);
  return r.rows[0]!.n;
}
