import { firstReads } from '@assay/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makePost, renderAt, stubFetch } from '../test-support.tsx';
import TagPage from './TagPage.tsx';

const routes = [
  { path: '/blog/tag/:slug', element: <TagPage /> },
  { path: '/blog', element: <p>Blog list</p> },
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a tag page (decision 204)', () => {
  it("shows the tag, its articles and their true total, its feed, and asks for exactly the server's first read", async () => {
    const calls = stubFetch(() =>
      json(200, {
        tag: { name: 'Licensing', slug: 'licensing' },
        posts: [makePost({ slug: 'a', title: 'First licence' })],
        total: 10,
        page: 2,
        pages: 2,
      }),
    );
    renderAt('/blog/tag/licensing?page=2', routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Licensing' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'First licence' })).toBeTruthy();
    expect(screen.getByText('10 articles')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'RSS feed of articles tagged Licensing' }).getAttribute('href')).toBe(
      '/blog/tag/licensing/rss.xml',
    );
    expect(document.title).toBe('Articles tagged “Licensing” · Assay');
    const read = calls.find((u) => u.pathname.startsWith('/api/blog/tags/'))!;
    expect(read.pathname + read.search).toBe('/api/blog/tags/licensing?page=2');
    // Page 1's read is the one the server preloads and renders with.
    expect(firstReads('/blog/tag/licensing')[0]).toBe('/api/blog/tags/licensing');
  });

  it('read by a former slug (the tag was renamed), moves to the address the tag has now, keeping the page (decision 226)', async () => {
    const calls = stubFetch(() =>
      json(200, {
        tag: { name: 'Licensing', slug: 'licensing' },
        posts: [makePost({ slug: 'a', title: 'First licence' })],
        total: 10,
        page: 2,
        pages: 2,
      }),
    );
    const { router } = renderAt('/blog/tag/old-licensing?page=2', routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Licensing' })).toBeTruthy();
    expect(calls[0]!.pathname + calls[0]!.search).toBe('/api/blog/tags/old-licensing?page=2');
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/blog/tag/licensing?page=2'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('says so for an unknown tag, with a way back to the blog', async () => {
    stubFetch(() => json(404, { detail: 'Tag not found' }));
    renderAt('/blog/tag/nope', routes);
    expect(await screen.findByText('Tag not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All articles' }).getAttribute('href')).toBe('/blog');
  });

  it('says when no article carries the tag yet', async () => {
    stubFetch(() => json(200, { tag: { name: 'New', slug: 'new' }, posts: [], total: 0, page: 1, pages: 1 }));
    renderAt('/blog/tag/new', routes);
    expect(await screen.findByText('No articles with this tag yet')).toBeTruthy();
  });
});
