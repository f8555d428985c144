import { reportsEndpoints, shareEndpoints, type CreateShareLinkRequest } from '@assay/shared';
import { call, callRaw } from '../../../lib/api.ts';

/** The owner's share links (issue 27 §4). */
export const createShareLink = (id: string, body: CreateShareLinkRequest) =>
  call(reportsEndpoints.createShareLink, { params: { id }, body });
export const fetchShareLinks = (id: string, signal?: AbortSignal) => call(reportsEndpoints.listShareLinks, { params: { id }, signal });
export const revokeShareLink = (id: string, linkId: string) => call(reportsEndpoints.revokeShareLink, { params: { id, link_id: linkId } });

/** The viewer at /r/{token}: no account. */
export const fetchShared = (token: string, signal?: AbortSignal) => call(shareEndpoints.view, { params: { token }, signal });
export async function fetchSharedPdf(token: string, passcode: string | undefined, signal?: AbortSignal): Promise<Blob> {
  const res = await callRaw(shareEndpoints.pdf, { params: { token }, body: passcode ? { passcode } : {}, signal });
  return res.blob();
}
