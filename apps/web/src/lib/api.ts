import { MSG, type ApiErrorBody } from '@assay/shared';
import { session } from './session.ts';

/** An HTTP error from our API, carrying the server's `detail` text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | undefined,
    readonly errors?: Record<string, string>,
  ) {
    super(detail ?? `HTTP ${status}`);
  }
}

/** The text to show for an error: the server's detail, or the given fallback (spec section 8). */
export function errorText(err: unknown, fallback: string = MSG.genericError): string {
  if (err instanceof ApiError) {
    if (err.status >= 500) return MSG.serverError;
    return err.detail ?? fallback;
  }
  return fallback;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** Sends application/x-www-form-urlencoded instead of JSON. */
  form?: Record<string, string>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send the member's bearer token and refresh once on 401. Default true. */
  auth?: boolean;
  /** Return the raw Response (for blobs). */
  raw?: boolean;
}

const BASE = '/api';

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  } else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const token = opts.auth === false ? undefined : session.accessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(BASE + path, {
    method: opts.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    signal: opts.signal,
    credentials: 'same-origin',
  });
}

async function toError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  try {
    const json = JSON.parse(text) as Partial<ApiErrorBody>;
    return new ApiError(res.status, typeof json.detail === 'string' ? json.detail : undefined, json.errors);
  } catch {
    return new ApiError(res.status, text || undefined);
  }
}

/**
 * Calls the API. A 401 on an authenticated call triggers one refresh and one retry;
 * if the refresh fails the session is cleared and the error is thrown.
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  let res = await send(path, opts);
  if (res.status === 401 && opts.auth !== false && session.accessToken()) {
    const refreshed = await session.refresh();
    if (refreshed) res = await send(path, opts);
    else session.clear();
  }
  if (!res.ok) throw await toError(res);
  if (opts.raw) return res as unknown as T;
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}
