import { MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { recordPaymentFailure } from './record-payment-failure.ts';

/** What a purchase reads once its checkout was closed: failed, or paid if the money arrived first. */
export type AbandonOutcome = { status: 'failed' | 'paid' };

/**
 * The member closed the checkout without paying: the order is recorded failed at once (the
 * shared failure use-case) instead of reading Pending until the abandon timeout, 24 hours by
 * default (issue 26). Not final: a capture that still arrives (Razorpay lets a checkout be
 * retried) is credited as decision 141 says. Another member's order is not found; a paid one
 * is left alone; calling twice changes nothing.
 */
export async function abandonOrder(deps: Pick<Deps, 'db' | 'log'>, userId: string, orderId: string): Promise<AbandonOutcome> {
  return deps.db.transaction(async (tx) => {
    const own = await tx.query<{ user_id: string | null }>('SELECT user_id FROM payments WHERE razorpay_order_id = $1', [orderId]);
    if (own.rows[0]?.user_id !== userId) throw notFound(MSG.paymentOrderNotFound, 'order_not_found');
    const outcome = await recordPaymentFailure(tx, deps.log, { orderId, reason: 'Checkout closed without paying' });
    return { status: outcome.status === 'already_paid' ? 'paid' : 'failed' };
  });
}
