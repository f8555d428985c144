import { PaymentProviderError, type ProviderRefund } from '../../adapters/payments/payment-provider.ts';
import { lockRefund, refundReceipt } from './refund-row.ts';
import type { RefundDeps } from './refund-deps.ts';
import { recordProviderRefund } from './settle-provider-refund.ts';

/** A claim older than this is taken to be from a process that stopped mid-call. */
const CLAIM_SECONDS = 120;

/**
 * Asks the provider to refund an approved request, at most once per attempt however many
 * callers race (two approvals at once, a retry):
 *   1. a short transaction claims the call (provider_call_started_at) only if the request is
 *      approved, has no provider refund yet and no live claim — concurrent callers see the
 *      claim and leave;
 *   2. the provider is asked outside any transaction (the sandbox provider uses the database
 *      too): first for a refund carrying this attempt's deterministic receipt (a call whose
 *      answer was lost), and only if there is none, to create it;
 *   3. the answer is recorded and the claim cleared. A provider error clears the claim and
 *      leaves the request approved, to be retried by approving again.
 * Razorpay itself refuses refunds above what the payment captured, a last guard.
 */
export async function sendProviderRefund(deps: RefundDeps, id: string): Promise<void> {
  const claim = await deps.db.transaction(async (tx) => {
    const r = await lockRefund(tx, id);
    if (!r || r.status !== 'approved' || r.provider_refund_id) return undefined;
    const live = await tx.query(
      `SELECT 1 FROM refund_requests WHERE id = $1 AND provider_call_started_at > now() - make_interval(secs => $2)`,
      [id, CLAIM_SECONDS],
    );
    if (live.rows.length) return undefined;
    await tx.query('UPDATE refund_requests SET provider_call_started_at = now() WHERE id = $1', [id]);
    return r;
  });
  if (!claim) return;

  const receipt = refundReceipt(claim.id, claim.refund_attempt);
  let refund: ProviderRefund | undefined;
  let failure: string | undefined;
  try {
    refund = (await deps.payments.fetchPaymentRefunds(claim.provider_payment_id)).find((x) => x.receipt === receipt);
    refund ??= await deps.payments.createRefund({
      paymentId: claim.provider_payment_id,
      amount: claim.refund_minor,
      receipt,
      notes: { refund_request_id: claim.id, attempt: String(claim.refund_attempt) },
    });
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    failure = err.message;
    deps.log.error({ refund: id, err: err.message }, 'provider refund call failed; the request stays approved for a retry');
  }

  await deps.db.transaction(async (tx) => {
    const r = await lockRefund(tx, id);
    if (!r) return;
    if (refund) {
      await recordProviderRefund(tx, r, refund);
    }
    await tx.query(
      `UPDATE refund_requests SET provider_call_started_at = NULL, provider_detail = coalesce($2, provider_detail) WHERE id = $1`,
      [id, failure ?? null],
    );
  });
  if (refund) deps.log.info({ refund: id, providerRefund: refund.id, status: refund.status }, 'provider refund recorded');
}
