/** Helpers for this feature's component tests (not part of the app bundle). */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '../../lib/query-client.ts';
import { json } from '../../test/http.ts';

export { json, stubApi, type Call, type Handler } from '../../test/http.ts';

export const balanceOf = (available: number) =>
  json(200, { available_tokens: available, paid_tokens: 0, bonus_tokens: available, held_tokens: 0, next_expiry: null });

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
