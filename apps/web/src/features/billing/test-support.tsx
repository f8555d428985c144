/**
 * Helpers for the billing screens' component tests: a signed-in member, a memory router with
 * stand-in screens for where the screens navigate, and a recorded fetch.
 */
import type { User } from '@assay/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';

export const MEMBER: User = {
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0958',
  is_verified: true,
  reports_generated: 0,
  created_at: '2025-01-01T00:00:00Z',
  last_login: null,
  auth_provider: 'password',
};

export { json, stubApi, type Call, type Handler } from '../../test/http.ts';

/** Shows where the app navigated, with its state. */
function Where() {
  const location = useLocation();
  return (
    <div>
      <p data-testid="where">{location.pathname + location.search}</p>
      <p data-testid="where-state">{JSON.stringify(location.state)}</p>
    </div>
  );
}

export function renderAt(path: string, element: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/login', element: <Where /> },
      { path: '/contact', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queryClient, router };
}
