/**
 * Helpers for the contact feature's component tests: a page rendered as the app shows it, with the
 * site configuration already loaded, and a recorded fetch.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SITE } from '../../test/site.ts';

export { SITE };
export { json, stubApi, type Call, type Handler } from '../../test/http.ts';

export function renderPage(page: ReactElement, path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['site-config'], SITE);
  const router = createMemoryRouter([{ path, element: page }], { initialEntries: [path] });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
