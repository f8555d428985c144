import { MSG, type EndpointResponse, type JsonEndpoint } from '@assay/shared';
import { toast } from 'sonner';
import { ApiError, callRaw, readJson, type CallInput } from '../../../lib/api.ts';
import { adminCredentials } from './credentials.ts';

/**
 * Runs an operator call with the stored credentials (basic authorization, never the member's
 * bearer token). A 401 means they no longer work (password changed, operator removed): they
 * are cleared, which shows the login screen again.
 */
export async function asOperator<T>(send: (authorization: string) => Promise<T>): Promise<T> {
  const creds = adminCredentials.get();
  if (!creds) throw new ApiError(401, MSG.adminAuthRequired);
  try {
    return await send(creds.authorization);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401 && adminCredentials.get()) {
      adminCredentials.clear();
      toast.error('Your operator session has ended. Please sign in again.', { id: 'admin-session-ended' });
    }
    throw err;
  }
}

/** A page of a list the server answers as an array with an X-Total-Count header. */
export interface Page<T> {
  items: T[];
  total: number;
}

type Item<E extends JsonEndpoint> = EndpointResponse<E> extends readonly (infer T)[] ? T : never;

/** One page of an operator list, with its total from X-Total-Count (or the page's length without one). */
export function adminPage<E extends JsonEndpoint>(e: E, input: Omit<CallInput<E>, 'authorization'>): Promise<Page<Item<E>>> {
  return asOperator(async (authorization) => {
    const res = await callRaw(e, { ...input, authorization } as CallInput<E>);
    const items = (await readJson(e, res)) as Item<E>[];
    const header = Number(res.headers.get('x-total-count'));
    return { items, total: Number.isFinite(header) && res.headers.has('x-total-count') ? header : items.length };
  });
}

/** Logs a failed list fetch (docs/product.md §8: failed list fetches are only logged) and rethrows. */
export async function logged<T>(what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (!(err instanceof DOMException && err.name === 'AbortError')) console.error(`Failed to fetch ${what}`, err);
    throw err;
  }
}

/** List queries report failures through the console only. */
export const SILENT = { silent: true } as const;
