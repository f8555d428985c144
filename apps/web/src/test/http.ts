/**
 * The one way a web test answers a request: `json(status, body, headers?)`. Each feature's
 * test-support.tsx re-exports it next to its own fetch stub (docs/architecture.md, "Tests and
 * their helpers").
 */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
