/**
 * Helpers for the content pages' component tests: a memory router with stand-in screens for the
 * places the pages navigate to, the site configuration already loaded, and a recorded fetch.
 */
import type { SiteConfig, User } from '@assay/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { session } from '../../lib/session.ts';
import { SITE } from '../../test/site.ts';

export { SITE };

/** Shows where the app went, and the navigation state it carried. */
function Landed() {
  const location = useLocation();
  return (
    <div>
      <p data-testid="landed">{location.pathname}</p>
      <pre data-testid="landed-state">{JSON.stringify(location.state ?? null)}</pre>
    </div>
  );
}

export function renderPage(page: ReactElement, path = '/', site: SiteConfig = SITE) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['site-config'], site);
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '/login', element: <Landed /> },
      { path: '/reports', element: <Landed /> },
      { path: '/login-pricing', element: <Landed /> },
    ],
    { initialEntries: [path] },
  );
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...utils, router };
}

export const MEMBER: User = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0958',
  is_verified: true,
  reports_generated: 0,
  created_at: '2025-07-18T00:00:00.000Z',
  last_login: null,
  auth_provider: 'password',
};

export const signIn = () => session.signIn('test-access-token', MEMBER);
export const signOut = () => session.clear();

export { json, stubApi, type Call, type Handler } from '../../test/http.ts';
