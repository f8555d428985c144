import { reportsEndpoints, type Complexity, type InventionRecord } from '@assay/shared';
import { call, callRaw } from '../../../lib/api.ts';

/** The paid and unpaid things a member does to a report after starting it (issue 27). */
export const retryReport = (id: string) => call(reportsEndpoints.retry, { params: { id } });
export const cancelReport = (id: string) => call(reportsEndpoints.cancel, { params: { id } });
export const deleteReport = (id: string) => call(reportsEndpoints.remove, { params: { id } });
export const upgradeReport = (id: string, complexity: Complexity) =>
  call(reportsEndpoints.upgrade, { params: { id }, body: { complexity } });
export const fetchVersions = (id: string, signal?: AbortSignal) => call(reportsEndpoints.versions, { params: { id }, signal });
export const compareVersions = (id: string, n: number, signal?: AbortSignal) =>
  call(reportsEndpoints.compareVersions, { params: { id, n: String(n) }, signal });
export const restoreVersion = (id: string, n: number) => call(reportsEndpoints.restoreVersion, { params: { id, n: String(n) } });
export async function fetchVersionPdf(id: string, n: number, signal?: AbortSignal): Promise<Blob> {
  const res = await callRaw(reportsEndpoints.versionDownload, { params: { id, n: String(n) }, signal });
  return res.blob();
}
export const correctReport = (id: string, record: InventionRecord) => call(reportsEndpoints.correct, { params: { id }, body: { record } });
export const regenerateSection = (id: string, section: string, note: string) =>
  call(reportsEndpoints.regenerateSection, { params: { id, section }, body: { note } });
