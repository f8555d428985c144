import { toast } from 'sonner';
import { ApiError, api, type RequestOptions } from '../../../lib/api.ts';
import { adminCredentials } from './credentials.ts';

/**
 * An operator call: basic authorization from the stored credentials, never the member's
 * bearer token (`auth: false`). A 401 means the credentials no longer work (password
 * changed, operator removed): they are cleared, which shows the login screen again.
 */
export async function adminApi<T>(path: string, opts: Omit<RequestOptions, 'auth'> = {}): Promise<T> {
  const creds = adminCredentials.get();
  if (!creds) throw new ApiError(401, 'Admin authentication required');
  try {
    return await api<T>(path, { ...opts, auth: false, headers: { ...opts.headers, authorization: creds.authorization } });
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

export async function adminPage<T>(path: string, params: Record<string, string | number | undefined>, signal?: AbortSignal): Promise<Page<T>> {
  const res = await adminApi<Response>(`${path}${query(params)}`, { raw: true, signal });
  const items = (await res.json()) as T[];
  const header = Number(res.headers.get('x-total-count'));
  return { items, total: Number.isFinite(header) && res.headers.has('x-total-count') ? header : items.length };
}

/** `?a=1&b=x` from the defined, non-empty values. */
export function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === '') continue;
    q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Logs a failed list fetch (SPEC section 8: failed list fetches are only logged) and rethrows. */
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
