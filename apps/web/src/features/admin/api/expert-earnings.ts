import { expertEarningsEndpoints as e, type RecordPayoutRequest } from '@assay/shared';
import { queryOptions } from '@tanstack/react-query';
import { call, callRaw } from '../../../lib/api.ts';
import { dispositionFileName, saveBlob } from '../../../lib/download.ts';
import { asOperator, logged, SILENT } from '../lib/admin-api.ts';
import { adminKeys } from './keys.ts';

/** Experts' earnings and payouts (decision 234), under the experts' key so a change to either refreshes both. */
export const expertEarningsQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.experts(), 'earnings'] as const,
    queryFn: ({ signal }) => logged('expert earnings', () => asOperator((authorization) => call(e.summary, { signal, authorization }))),
    meta: SILENT,
  });
export const recordPayout = (expertId: string, body: RecordPayoutRequest) =>
  asOperator((authorization) => call(e.recordPayout, { params: { id: expertId }, body, authorization }));

/** GET /admin/experts/earnings/export — the payout CSV of a period (UTC days), saved as a file. */
export async function downloadEarningsCsv(q: { from: string; to: string; expert_id?: string | undefined }): Promise<void> {
  const res = await asOperator((authorization) => callRaw(e.export, { query: q, authorization }));
  saveBlob(await res.blob(), dispositionFileName(res.headers.get('content-disposition')) ?? `expert-earnings-${q.from}-to-${q.to}.csv`);
}
