import { usersEndpoints, type AccountExportResponse } from '@assay/shared';
import { call } from '../../../lib/api.ts';

/** POST /users/me/exports: the server builds the zip in the background and emails a link to it. */
export function requestDataExport(): Promise<AccountExportResponse> {
  return call(usersEndpoints.exportData);
}
