import { usersEndpoints, type AccountExportResponse } from '@assay/shared';
import { callRaw, call } from '../../../lib/api.ts';
import { dispositionFileName } from '../../../lib/download.ts';

/** POST /users/me/exports: the server builds the zip in the background and emails a link to it. */
export function requestDataExport(): Promise<AccountExportResponse> {
  return call(usersEndpoints.exportData);
}

/** GET /users/me/exports/{id}: a finished export, signed in (the mailed link leads here with two-factor on). */
export async function fetchDataExport(id: string): Promise<{ blob: Blob; fileName: string }> {
  const res = await callRaw(usersEndpoints.exportFile, { params: { id } });
  return { blob: await res.blob(), fileName: dispositionFileName(res.headers.get('content-disposition')) ?? 'assay-data.zip' };
}
