import { SPA_ROUTES } from '@assay/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, MEMBER, signIn, signOut, SITE, stubApi } from '../features/content/test-support.tsx';
import { routes } from './routes.tsx';

const pathsOf = (list: RouteObject[]): string[] => list.flatMap((r) => [...(r.path ? [r.path] : []), ...pathsOf(r.children ?? [])]);

/** The real route table in a memory router, with the API answering as for a visitor or a member. */
function renderApp(entry: string | { pathname: string; state: unknown }, { member = false } = {}) {
  if (member) signIn();
  stubApi({
    'GET /site-config': () => json(200, SITE),
    ...(member
      ? { 'POST /auth/refresh': () => json(200, { access_token: 'member-token' }), 'GET /users/me': () => json(200, MEMBER) }
      : {}),
  });
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  signOut();
  vi.stubGlobal('scrollTo', () => undefined);
  document.title = 'Assay — default';
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the route table', () => {
  it('knows exactly the paths the server serves the app for (SPA_ROUTES), plus the catch-all', () => {
    expect(
      pathsOf(routes)
        .filter((p) => p !== '*')
        .sort(),
    ).toEqual([...SPA_ROUTES].sort());
    expect(pathsOf(routes)).toContain('*');
  });

  it('shows a Not Found page with a way home for an unknown address', async () => {
    renderApp('/no-such-page');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(heading).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('Something went wrong')).toBeNull();
    // The title is set after the page draws (a loaded machine shows the gap).
    await waitFor(() => expect(document.title).toBe('Page not found · Assay'));
  });
});

describe('the sign-in and sign-up forms', () => {
  it('are shown to visitors', async () => {
    const router = renderApp('/login');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each(['/login', '/signup'])('send a member who is already signed in from %s to the dashboard', async (path) => {
    const router = renderApp(path, { member: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports'));
  });

  it('send a signed-in member on to the page they were headed for', async () => {
    const router = renderApp({ pathname: '/login', state: { from: { pathname: '/pricing' } } }, { member: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
  });
});

describe('page titles read "Page · Assay"', () => {
  it.each([
    ['/login', 'Sign in · Assay', false],
    ['/signup', 'Sign up · Assay', false],
    ['/forgot-password', 'Reset password · Assay', false],
    ['/pricing', 'Pricing · Assay', false],
    ['/login-pricing', 'Buy tokens · Assay', true],
    ['/profile', 'Profile · Assay', true],
    ['/billing', 'Billing · Assay', true],
  ] as const)('%s', async (path, title, member) => {
    renderApp(path, { member });
    await waitFor(() => expect(document.title).toBe(title));
  });
});
