import { reportsEndpoints } from '@assay/shared';
import { call } from '../../../lib/api.ts';

/** PATCH /reports/{id} with a new title: the list, the preview and the download name follow it. */
export const renameReport = (id: string, title: string) => call(reportsEndpoints.rename, { params: { id }, body: { title } });
