import { MSG, purchaseSucceededMessage, type VerifyPaymentRequest, type VerifyPaymentResponse } from '@assay/shared';
import type { PaymentProvider } from '../../adapters/payments/payment-provider.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { reviewPurchaseOutcome } from '../experts/index.ts';
import { getBalance } from '../tokens/index.ts';
import { creditOrder } from './credit-order.ts';
import type { PurchaseDeps } from './purchase-deps.ts';
import { recordPaymentFailure } from './record-payment-failure.ts';

/**
 * The member's checkout succeeded: check Razorpay's signature over `order_id|payment_id` and
 * credit the order. Idempotent: repeats (and a webhook that got there first) answer the same
 * success without crediting again.
 */
export async function verifyPayment(
  deps: PurchaseDeps,
  provider: PaymentProvider,
  userId: string,
  body: VerifyPaymentRequest,
): Promise<VerifyPaymentResponse> {
  const { db, log, config } = deps;
  const own = await db.query<{ user_id: string | null }>('SELECT user_id FROM payments WHERE razorpay_order_id = $1', [
    body.razorpay_order_id,
  ]);
  if (own.rows[0]?.user_id !== userId) throw notFound(MSG.paymentOrderNotFound, 'order_not_found');

  const genuine = provider.verifyPaymentSignature({
    orderId: body.razorpay_order_id,
    paymentId: body.razorpay_payment_id,
    signature: body.razorpay_signature,
  });
  if (!genuine) {
    log.warn({ userId, orderId: body.razorpay_order_id, paymentId: body.razorpay_payment_id }, 'payment signature rejected');
    // The purchase shows Failed now; a genuine payment arriving later (webhook, reconciler) still credits it.
    await db.transaction((tx) =>
      recordPaymentFailure(tx, log, {
        orderId: body.razorpay_order_id,
        paymentId: body.razorpay_payment_id,
        reason: 'Payment signature did not verify',
      }),
    );
    throw badRequest(MSG.paymentVerificationFailed, 'payment_signature_invalid');
  }

  const outcome = await db.transaction((tx) =>
    creditOrder(tx, deps, {
      orderId: body.razorpay_order_id,
      paymentId: body.razorpay_payment_id,
      validityDays: config.TOKEN_VALIDITY_DAYS,
    }),
  );
  if (outcome.status !== 'credited' && outcome.status !== 'already_paid') {
    // The row was there a moment ago and we passed no amount: unreachable in practice.
    throw new AppError(500, MSG.paymentVerificationFailed, 'payment_not_credited');
  }
  const balance = await getBalance(db, userId);
  // A purchase for a review says what became of it, whichever path captured the payment.
  const review = await reviewPurchaseOutcome(db, outcome.payment.id);
  return {
    success: true,
    tokens_added: outcome.payment.tokens,
    available_tokens: balance.available_tokens,
    message: purchaseSucceededMessage(outcome.payment.tokens),
    ...(review ? { review_request: review } : {}),
  };
}
