import { vi } from 'vitest';

/**
 * How a web test stands in for the server: `stubApi({ 'METHOD /path': handler })` replaces fetch
 * and records the calls; handlers answer with `json(status, body, headers?)`. Feature
 * test-support files re-export these (docs/architecture.md, "Tests and their helpers").
 */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A request the app sent: method, path without `/api` (with its query string), lower-cased headers, parsed body. */
export interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** The Authorization header, if any. */
  authorization: string | undefined;
  body: unknown;
}

export type Handler = (call: Call) => Response | Promise<Response>;

/**
 * Stubs the browser's fetch (the app's boundary) with one handler per 'METHOD /path' (without
 * the `/api` prefix and the query string) and records every request; an unlisted request
 * answers 404. Undo with `vi.unstubAllGlobals()`.
 */
export function stubApi(routes: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    const body = typeof init.body === 'string' ? parseBody(init.body) : undefined;
    const call: Call = { method, path: path + url.search, headers, authorization: headers.authorization, body };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    return handler ? handler(call) : json(404, { detail: `no stub for ${method} ${path}` });
  });
  return calls;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
