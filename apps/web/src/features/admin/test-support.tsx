import type { AdminPost } from '@assay/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { json } from '../../test/http.ts';
import { POST_META } from '../../test/post-meta.ts';

// jsdom has no modal dialogs: open and close them by the attribute, as browsers do.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

export function renderWithClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

export { json };

/** Replaces fetch with a handler of (method, path, init); returns the mock. */
export function mockFetch(handler: (method: string, path: string, init: RequestInit) => Response | Promise<Response>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return handler(init.method ?? 'GET', url, init);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** A post as the server answers it. */
export const POST: AdminPost = {
  id: 'p1',
  slug: 'hello',
  title: 'Hello',
  description: 'A post',
  content: '<p>Body</p>',
  image_url: null,
  post_type: 'press_release',
  author_name: 'Press Office',
  featured: true,
  status: 'published',
  published_at: '2025-07-01T00:00:00Z',
  created_at: '2025-07-01T00:00:00Z',
  updated_at: '2025-07-01T00:00:00Z',
  view_count: 3,
  tags: [],
  meta_title: 'SEO title',
  meta_description: 'SEO description',
  version: 3,
  updated_by: 'ops',
  publish_at: null,
  description_generated: false,
  ...POST_META,
  author_ids: [],
};
