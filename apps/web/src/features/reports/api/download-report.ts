import { reportsEndpoints } from '@assay/shared';
import { callRaw } from '../../../lib/api.ts';

/** GET /reports/{id}/download: the PDF (for the preview and the download), as a Blob. */
export async function fetchReportPdf(id: string, signal?: AbortSignal): Promise<Blob> {
  const res = await callRaw(reportsEndpoints.download, { params: { id }, signal });
  return res.blob();
}
