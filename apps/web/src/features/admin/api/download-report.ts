import { adminApi } from '../lib/admin-api.ts';
import { saveBlob } from '../../../lib/download.ts';

/** GET /reports/{id}/download with basic authorization, saved as report-{id}.pdf (SPEC section 7). */
export async function downloadReport(id: string): Promise<void> {
  const res = await adminApi<Response>(`/reports/${encodeURIComponent(id)}/download`, { raw: true, headers: { accept: 'application/pdf' } });
  const blob = await res.blob();
  saveBlob(blob, `report-${id}.pdf`);
}
