import { adminEndpoints, billingEndpoints, type AdminRefundList, type RefundStatus } from '@assay/shared';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call, callRaw, readJson } from '../../../lib/api.ts';
import { dispositionFileName, saveBlob } from '../../../lib/download.ts';
import { asOperator, logged, SILENT } from '../lib/admin-api.ts';
import { adminKeys } from './keys.ts';

export const REFUNDS_PAGE_SIZE = 50;

/**
 * GET /admin/refunds — newest first, of one status or all, a page at a time (each names the next
 * in X-Next-Cursor), with the pending count.
 */
export const refundsQuery = (status: RefundStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: adminKeys.refunds(status ?? 'all'),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ signal, pageParam }) =>
      logged('refund requests', () =>
        asOperator(async (authorization): Promise<AdminRefundList & { next: string | undefined }> => {
          const res = await callRaw(adminEndpoints.refunds, {
            query: { status, cursor: pageParam, limit: REFUNDS_PAGE_SIZE },
            signal,
            authorization,
          });
          return { ...(await readJson(adminEndpoints.refunds, res)), next: res.headers.get('x-next-cursor') ?? undefined };
        }),
      ),
    getNextPageParam: (last) => last.next,
    meta: SILENT,
  });

/** GET /admin/refunds/{id} — one request whole: the list carries each reason shortened (`reasons_cut`). */
export const refundQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.refund(id),
    queryFn: ({ signal }) =>
      logged('refund request', () => asOperator((authorization) => call(adminEndpoints.refund, { params: { id }, signal, authorization }))),
    meta: SILENT,
  });

export const refundsApi = {
  approve: (id: string) => asOperator((authorization) => call(adminEndpoints.approveRefund, { params: { id }, authorization })),
  decline: (id: string, reason: string) =>
    asOperator((authorization) => call(adminEndpoints.declineRefund, { params: { id }, body: { reason }, authorization })),
  /** The credit note PDF, as an operator. */
  async downloadCreditNote(number: string) {
    const res = await asOperator((authorization) =>
      callRaw(billingEndpoints.creditNote, { params: { credit_note_number: number }, authorization }),
    );
    saveBlob(await res.blob(), dispositionFileName(res.headers.get('content-disposition')) ?? `${number.replaceAll('/', '-')}.pdf`);
  },
};
