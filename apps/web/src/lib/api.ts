import {
  endpointUrl,
  MSG,
  type ApiErrorBody,
  type Endpoint,
  type EndpointBody,
  type EndpointHeaders,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  type JsonEndpoint,
} from '@assay/shared';
import { session } from './session.ts';

/**
 * The one API client: every call names an endpoint declared in packages/shared/src/api, so the
 * path, method, auth, request types and response schema come from the same place the server
 * registers its routes from.
 */

/** An HTTP error from our API, carrying the server's `detail` text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | undefined,
    readonly errors?: Record<string, string>,
    /** How long the server asked to wait before trying again (Retry-After), when it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(detail ?? `HTTP ${status}`);
  }
}

/** A response body its endpoint's schema refuses: the server and the declaration disagree (development and tests only). */
export class ContractError extends Error {
  override name = 'ContractError';
}

/** The text to show for an error: the server's detail, or the given fallback (docs/product.md §8). */
export function errorText(err: unknown, fallback: string = MSG.genericError): string {
  if (err instanceof ApiError) {
    if (err.status >= 500) return MSG.serverError;
    return err.detail ?? fallback;
  }
  return fallback;
}

/** An object with nothing in it: what a part may be left out as when its schema requires nothing. */
type Nothing = Record<never, never>;

/** A part of the request the endpoint declares: required when its schema needs something, absent when it declares none. */
type Part<K extends string, T> = [T] extends [undefined] ? { [P in K]?: never } : Nothing extends T ? { [P in K]?: T } : { [P in K]: T };

export type CallInput<E extends Endpoint> = Part<'params', EndpointParams<E>> &
  Part<'query', EndpointQuery<E>> &
  Part<'body', EndpointBody<E>> &
  Part<'headers', EndpointHeaders<E>> & {
    signal?: AbortSignal;
    /** Basic credentials, for operator endpoints (the admin panel passes its stored ones). */
    authorization?: string;
    /** Lets the request outlive the page (a save sent as the page is left; bodies up to 64 KiB). */
    keepalive?: boolean;
  } & (E extends { multipart: true } ? { multipart: FormData } : { multipart?: never });

type CallArgs<E extends Endpoint> = Nothing extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

interface Sent {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  headers?: Record<string, string | undefined>;
  signal?: AbortSignal;
  authorization?: string;
  multipart?: FormData;
  keepalive?: boolean;
}

/**
 * How requests are sent: the browser's fetch, or on the server (entry-server.tsx) the API's own
 * handlers called in process, so a server render reads through the same routes and cache.
 */
let transport: typeof fetch = (input, init) => fetch(input, init);
export function setTransport(send: typeof fetch) {
  transport = send;
}

/** Responses are checked against their schemas while developing and testing; production trusts them. */
const CHECK_RESPONSES = import.meta.env.DEV || import.meta.env.MODE === 'test';

function send(e: Endpoint, input: Sent, withMember: boolean): Promise<Response> {
  const headers: Record<string, string> = { accept: e.produces ?? 'application/json' };
  for (const [name, value] of Object.entries(input.headers ?? {})) if (value !== undefined) headers[name] = value;
  let body: string | FormData | undefined;
  if (input.multipart) {
    // The browser writes the multipart content type with its boundary.
    body = input.multipart;
  } else if (input.body !== undefined && e.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    const fields = Object.entries(input.body as Record<string, unknown>).filter(([, v]) => v !== undefined);
    body = new URLSearchParams(fields.map(([k, v]) => [k, String(v)])).toString();
  } else if (input.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input.body);
  }
  const token = withMember ? session.accessToken() : undefined;
  const authorization = input.authorization ?? (token ? `Bearer ${token}` : undefined);
  if (authorization) headers.authorization = authorization;
  return transport(endpointUrl(e, input), {
    method: e.method,
    headers,
    body,
    signal: input.signal,
    credentials: 'same-origin',
    ...(input.keepalive ? { keepalive: true } : {}),
  });
}

async function toError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  const wait = Number(res.headers.get('retry-after') ?? NaN);
  const retryAfter = Number.isInteger(wait) && wait > 0 ? wait : undefined;
  try {
    const json = JSON.parse(text) as Partial<ApiErrorBody>;
    return new ApiError(res.status, typeof json.detail === 'string' ? json.detail : undefined, json.errors, retryAfter);
  } catch {
    return new ApiError(res.status, text || undefined, undefined, retryAfter);
  }
}

/**
 * Calls an endpoint and answers the raw Response (for PDFs, CSV files, paging headers).
 * Member endpoints carry the bearer token; a 401 refreshes the session once (shared by every
 * call that meets it) and retries; if the server refuses the refresh the session is cleared, if it
 * cannot be asked the call fails and the session stays. Operator
 * endpoints carry the `authorization` given. A non-2xx answer throws ApiError.
 */
export async function callRaw<E extends Endpoint>(e: E, ...[input]: CallArgs<E>): Promise<Response> {
  const sent = (input ?? {}) as Sent;
  if (e.auth === 'operator' && !sent.authorization) throw new ApiError(401, MSG.adminAuthRequired);
  const withMember = !sent.authorization && (e.auth === 'member' || e.auth === 'member_or_operator');
  let res = await send(e, sent, withMember);
  if (res.status === 401 && withMember && session.accessToken()) {
    const outcome = await session.refresh();
    if (outcome === 'ok') res = await send(e, sent, withMember);
    else if (outcome === 'expired') session.clear();
    // The server could not be asked: the session stands, this call failed (decision 170).
    else throw new ApiError(503, undefined);
  }
  if (!res.ok) throw await toError(res);
  return res;
}

/** The JSON body of an endpoint's response, checked against its declared schema in development and tests. */
export async function readJson<E extends JsonEndpoint>(e: E, res: Response): Promise<EndpointResponse<E>> {
  const data: unknown = res.status === 204 ? undefined : await res.json();
  if (CHECK_RESPONSES) {
    const schema = e.responses[res.status];
    if (!schema) throw new ContractError(`${e.method} ${e.path} answered ${res.status}, a status it does not declare`);
    const checked = schema.safeParse(data);
    if (!checked.success) {
      // zod itself loads only here (development and tests), so it stays out of the app shell (decision 126).
      const { z } = await import('zod');
      throw new ContractError(`${e.method} ${e.path} answered a body its schema refuses:\n${z.prettifyError(checked.error)}`);
    }
  }
  return data as EndpointResponse<E>;
}

/** The declarations public pages call, loaded with the first such call (lib/public-endpoints.ts). */
export const publicEndpoints = () => import('./public-endpoints.ts');

/** Calls a JSON endpoint and answers its body. */
export async function call<E extends JsonEndpoint>(e: E, ...args: CallArgs<E>): Promise<EndpointResponse<E>> {
  return readJson(e, await callRaw(e, ...args));
}
