import type { PostSummary } from '@assay/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { json } from '../../test/http.ts';

/** A summary post for tests; override what matters. */
export function makePost(over: Partial<PostSummary> = {}): PostSummary {
  const slug = over.slug ?? 'a-post';
  return {
    id: `id-${slug}`,
    slug,
    title: 'A post',
    description: 'About something.',
    image_url: null,
    post_type: 'blog',
    author_name: 'Admin',
    featured: false,
    status: 'published',
    published_at: '2026-03-04T12:00:00.000Z',
    created_at: '2026-03-04T12:00:00.000Z',
    updated_at: '2026-03-04T12:00:00.000Z',
    view_count: 0,
    meta_title: null,
    meta_description: null,
    ...over,
  };
}

export { POST_META } from '../../test/post-meta.ts';

export { json };

/** Stubs the browser's fetch (the app's boundary): `respond` gets the URL (with its query) and answers. */
export function stubFetch(respond: (url: URL) => Response | Promise<Response>) {
  const calls: URL[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost');
    calls.push(url);
    return respond(url);
  });
  return calls;
}

function LocationProbe() {
  const l = useLocation();
  return <output data-testid="location">{l.pathname + l.search}</output>;
}

/** Renders a screen inside a fresh query client and a memory router at `path`. */
export function renderAt(path: string, routes: { path: string; element: ReactElement }[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 5 * 60 * 1000 } } });
  const router = createMemoryRouter(
    routes.map((r) => ({
      path: r.path,
      element: (
        <>
          {r.element}
          <LocationProbe />
        </>
      ),
    })),
    { initialEntries: [path] },
  );
  return {
    router,
    ...render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  };
}
