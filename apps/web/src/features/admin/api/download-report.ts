import { reportsEndpoints } from '@assay/shared';
import { callRaw } from '../../../lib/api.ts';
import { saveBlob } from '../../../lib/download.ts';
import { asOperator } from '../lib/admin-api.ts';

/** GET /reports/{id}/download with basic authorization, saved as report-{id}.pdf (docs/product.md §7). */
export async function downloadReport(id: string): Promise<void> {
  const res = await asOperator((authorization) => callRaw(reportsEndpoints.download, { params: { id }, authorization }));
  const blob = await res.blob();
  saveBlob(blob, `report-${id}.pdf`);
}
