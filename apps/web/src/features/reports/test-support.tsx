/** Helpers for this feature's component tests (not part of the app bundle). */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { json } from '../../test/http.ts';

export interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response>;

export { json };

export const balanceOf = (available: number) =>
  json(200, { available_tokens: available, paid_tokens: 0, bonus_tokens: available, held_tokens: 0, next_expiry: null });

/**
 * Stubs the browser's fetch (the app's boundary). Routes are 'METHOD /path' without the /api
 * prefix and the query string; every request is recorded, with its query string in `path`.
 */
export function stubApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const call: Call = { method, path: path + url.search, headers, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    return handler ? handler(call) : json(404, { detail: 'Not found' });
  });
  return calls;
}

export function renderWithApp(ui: ReactNode, { path = '/reports' }: { path?: string } = {}) {
  const client = createQueryClient();
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/reports" element={ui} />
          <Route path="/login-pricing" element={<h1>Token packages</h1>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, client };
}
