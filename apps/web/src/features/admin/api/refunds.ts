import { adminEndpoints, billingEndpoints, type RefundStatus } from '@assay/shared';
import { queryOptions } from '@tanstack/react-query';
import { call, callRaw } from '../../../lib/api.ts';
import { dispositionFileName, saveBlob } from '../../../lib/download.ts';
import { asOperator, logged, SILENT } from '../lib/admin-api.ts';
import { adminKeys } from './keys.ts';

/** GET /admin/refunds — newest first, of one status or all, with the pending count. */
export const refundsQuery = (status: RefundStatus | undefined) =>
  queryOptions({
    queryKey: adminKeys.refunds(status ?? 'all'),
    queryFn: ({ signal }) =>
      logged('refund requests', () => asOperator((authorization) => call(adminEndpoints.refunds, { query: status ? { status } : {}, signal, authorization }))),
    meta: SILENT,
  });

export const refundsApi = {
  approve: (id: string) => asOperator((authorization) => call(adminEndpoints.approveRefund, { params: { id }, authorization })),
  decline: (id: string, reason: string) =>
    asOperator((authorization) => call(adminEndpoints.declineRefund, { params: { id }, body: { reason }, authorization })),
  /** The credit note PDF, as an operator. */
  async downloadCreditNote(number: string) {
    const res = await asOperator((authorization) => callRaw(billingEndpoints.creditNote, { params: { credit_note_number: number }, authorization }));
    saveBlob(await res.blob(), dispositionFileName(res.headers.get('content-disposition')) ?? `${number.replaceAll('/', '-')}.pdf`);
  },
};
