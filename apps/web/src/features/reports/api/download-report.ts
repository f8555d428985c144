import { api } from '../../../lib/api.ts';

/** GET /reports/{id}/download: the PDF (for the preview and the download), as a Blob. */
export async function fetchReportPdf(id: string, signal?: AbortSignal): Promise<Blob> {
  const res = await api<Response>(`/reports/${encodeURIComponent(id)}/download`, { raw: true, signal });
  return res.blob();
}
