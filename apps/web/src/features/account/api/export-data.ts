import { usersEndpoints } from '@assay/shared';
import { callRaw } from '../../../lib/api.ts';
import { dispositionFileName } from '../../../lib/download.ts';

/** GET /users/me/export: the member's data as a zip, with the file name the server gives. */
export async function fetchDataExport(): Promise<{ blob: Blob; fileName: string }> {
  const res = await callRaw(usersEndpoints.exportData);
  return { blob: await res.blob(), fileName: dispositionFileName(res.headers.get('content-disposition')) ?? 'assay-data.zip' };
}
