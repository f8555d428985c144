import type { z } from 'zod';

/**
 * One HTTP endpoint, declared once: the server registers its route from this (apps/server/src/http/route.ts)
 * and the web calls it through the client built from it (apps/web/src/lib/api.ts).
 */

/** Every API path is under this prefix; crawler pages (`mount: 'site'`) are at the site root. */
export const API_BASE = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call, and so which guard runs before the handler: anyone; a member with a bearer access
 * token; an operator with basic authorization; either of the last two (the report PDF); or an expert
 * with the expert portal's session cookie (decision 230).
 */
export type AuthKind = 'public' | 'member' | 'operator' | 'member_or_operator' | 'expert';

interface EndpointBase {
  method: HttpMethod;
  /** Fastify's syntax (`/reports/:id`), under API_BASE unless `mount` is 'site'. */
  path: string;
  /** 'site': a page at the site root for crawlers and feed readers, left out of the OpenAPI document. */
  mount?: 'site';
  auth: AuthKind;
  /** OpenAPI tags. */
  tags: readonly string[];
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  headers?: z.ZodType;
  body?: z.ZodType;
  /** The body may be sent form-encoded too (the web app sends it that way). */
  form?: boolean;
  /** The body is multipart/form-data (a file upload), read by the handler itself; the web sends a FormData. */
  multipart?: boolean;
}

/** A JSON answer: its schema for each status code it may have (the 2xx ones are success). */
export interface JsonEndpoint extends EndpointBase {
  responses: Readonly<Partial<Record<number, z.ZodType>>>;
  produces?: never;
}

/** Any other answer (a PDF, CSV, event stream, HTML page…): its media type. */
export interface RawEndpoint extends EndpointBase {
  produces: string;
  responses?: never;
}

export type Endpoint = JsonEndpoint | RawEndpoint;

/** Declares an endpoint, keeping its literal types (path, schemas, status codes). */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type SuccessStatus = 200 | 201 | 202 | 204;

/** What a caller sends. */
export type EndpointParams<E extends Endpoint> = Input<E['params']>;
export type EndpointQuery<E extends Endpoint> = Input<E['query']>;
export type EndpointHeaders<E extends Endpoint> = Input<E['headers']>;
export type EndpointBody<E extends Endpoint> = Input<E['body']>;

/** What the handler receives, once validated. */
export interface EndpointRequest<E extends Endpoint> {
  params: Output<E['params']>;
  query: Output<E['query']>;
  headers: Output<E['headers']>;
  body: Output<E['body']>;
}

/** What a successful JSON call answers. */
export type EndpointResponse<E extends Endpoint> = E extends { responses: infer R } ? Output<R[Extract<keyof R, SuccessStatus>]> : never;

/** Every answer the handler may give, whatever its status. */
export type EndpointResult<E extends Endpoint> = E extends { responses: infer R } ? Output<R[keyof R]> : never;

export type QueryValue = string | number | boolean | null | undefined;

/** The endpoint's path with its parameters filled in (each encoded), including the mount. */
export function endpointPath(e: Endpoint, params?: Readonly<Record<string, string | number>>): string {
  const filled = e.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new Error(`${e.method} ${e.path} needs its "${name}" parameter`);
    return encodeURIComponent(String(value));
  });
  return (e.mount === 'site' ? '' : API_BASE) + filled;
}

/** The path plus a query string of the values that are set (undefined, null and '' are left out). */
export function endpointUrl(
  e: Endpoint,
  parts: { params?: Readonly<Record<string, string | number>>; query?: Readonly<Record<string, QueryValue>> } = {},
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(parts.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
  }
  const qs = search.toString();
  return endpointPath(e, parts.params) + (qs ? `?${qs}` : '');
}
