import { billingEndpoints, type RefundView } from '@assay/shared';
import { call, callRaw } from '../../../lib/api.ts';
import { dispositionFileName, saveBlob } from '../../../lib/download.ts';

/** POST /billing/purchases/{id}/refund-request (the purchase id is the payment id). */
export const requestRefund = (purchaseId: string, reason: string): Promise<RefundView> =>
  call(billingEndpoints.requestRefund, { params: { id: purchaseId }, body: { reason } });

/** POST /billing/refunds/{id}/withdraw: the member takes back a request still waiting for a decision. */
export const withdrawRefund = (refundId: string): Promise<RefundView> =>
  call(billingEndpoints.withdrawRefund, { params: { id: refundId } });

/** GET /billing/credit-notes/{number}: the credit note PDF, saved as a file. */
export async function downloadCreditNote(creditNoteNumber: string): Promise<void> {
  const res = await callRaw(billingEndpoints.creditNote, { params: { credit_note_number: creditNoteNumber } });
  saveBlob(await res.blob(), dispositionFileName(res.headers.get('content-disposition')) ?? `${creditNoteNumber.replaceAll('/', '-')}.pdf`);
}
