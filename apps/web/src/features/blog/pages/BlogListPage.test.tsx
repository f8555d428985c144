import { firstReads, MSG, type PostSummary } from '@assay/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, makePost, renderAt, stubFetch } from '../test-support.tsx';
import BlogListPage from './BlogListPage.tsx';
import { spyOnToasts } from '../../../test/toasts.ts';

const toast = spyOnToasts();

const list = (posts: PostSummary[], pages = 1, page = 1) => json(200, { posts, pages, total: posts.length, page });
const render = (path = '/blog') => renderAt(path, [{ path: '/blog', element: <BlogListPage /> }]);
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn(); // (not in jsdom)
  toast.error.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the blog list', () => {
  it('starts with exactly the reads the server names in its HTML for preloading', async () => {
    const calls = stubFetch(() => list([makePost({ slug: 'trl', title: 'TRL explained' })]));
    render();
    // A preload the page does not use is a wasted download on a slow phone: the URLs must match to the byte.
    const posts = firstReads('/blog').filter((u) => u.startsWith('/api/blog/'));
    expect(posts).toHaveLength(2);
    await waitFor(() => expect(calls.map((u) => u.pathname + u.search).sort()).toEqual([...posts].sort()), { timeout: 10_000 });
  });

  it('says there are no posts yet when nothing is published', async () => {
    stubFetch(() => list([]));
    render();
    expect(await screen.findByText('No articles found')).toBeTruthy();
    expect(screen.getByText('No blog posts available yet')).toBeTruthy();
    expect(screen.queryByText('Try adjusting your search terms')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Featured Articles' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Blog pages' })).toBeNull();
  });

  it('asks the server to search after a pause in typing, and hints at the search when nothing matches', async () => {
    const calls = stubFetch((url) => {
      if (url.searchParams.get('featured_only')) return list([makePost({ slug: 'feat', title: 'Featured one', featured: true })]);
      if (url.searchParams.get('q')) return list([]);
      return list([makePost({ slug: 'trl', title: 'TRL explained' }), makePost({ slug: 'ip', title: 'Patent first' })]);
    });
    render();
    await screen.findByRole('heading', { name: 'TRL explained' });
    expect(await screen.findByRole('heading', { name: 'Featured Articles' })).toBeTruthy();

    const user = userEvent.setup();
    const box = screen.getByPlaceholderText('Search articles...');
    await user.type(box, 'patent');
    // At once, the loaded page is filtered (the spec's search), and Featured Articles make way.
    expect(screen.queryByRole('heading', { name: 'TRL explained' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Patent first' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Featured Articles' })).toBeNull();

    // After the pause, the server's answer (nothing) replaces it.
    expect(await screen.findByText('Try adjusting your search terms')).toBeTruthy();
    expect(screen.getByText('No articles found')).toBeTruthy();
    const searches = calls.filter((u) => u.searchParams.get('q'));
    expect(searches.map((u) => u.searchParams.get('q'))).toEqual(['patent']);
    expect(searches[0]!.searchParams.get('post_type')).toBe('blog');
    expect(searches[0]!.searchParams.get('limit')).toBe('9');
    expect(location()).toBe('/blog?q=patent');

    await user.clear(box);
    expect(await screen.findByRole('heading', { name: 'TRL explained' })).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/blog'));
  });

  it('leaves no half row empty among the featured posts, and counts the articles', async () => {
    const featured = (n: number) =>
      Array.from({ length: n }, (_, i) => makePost({ slug: `f${i}`, title: `Featured ${i}`, featured: true }));
    let count = 2;
    stubFetch((url) => (url.searchParams.get('featured_only') ? list(featured(count)) : list([makePost({ slug: 'x', title: 'Plain' })])));
    const { unmount } = render();
    const region = await screen.findByRole('region', { name: 'Featured Articles' });
    await within(region).findByRole('heading', { name: 'Featured 1' });
    // Two: both wide, no grid with one card beside an empty cell.
    expect(within(region).queryByRole('list')).toBeNull();
    expect(within(region).getAllByRole('article')).toHaveLength(2);
    expect(screen.getByText('1 article')).toBeTruthy();
    unmount();

    count = 3;
    render();
    const again = await screen.findByRole('region', { name: 'Featured Articles' });
    await within(again).findByRole('heading', { name: 'Featured 2' });
    expect(within(within(again).getByRole('list')).getAllByRole('listitem')).toHaveLength(2);
  });

  it('pages through the list, keeping the page shown until the next arrives', async () => {
    const calls = stubFetch((url) => {
      if (url.searchParams.get('featured_only')) return list([]);
      const page = Number(url.searchParams.get('page') ?? '1');
      return list([makePost({ slug: `p${page}`, title: `Post on page ${page}` })], 3, page);
    });
    render();
    await screen.findByRole('heading', { name: 'Post on page 1' });
    const nav = screen.getByRole('navigation', { name: 'Blog pages' });
    expect((within(nav).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);

    const user = userEvent.setup();
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Post on page 2' });
    expect(location()).toBe('/blog?page=2');
    await user.click(within(nav).getByRole('button', { name: 'Page 3' }));
    await screen.findByRole('heading', { name: 'Post on page 3' });
    expect((within(nav).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((u) => !u.searchParams.get('featured_only')).map((u) => u.searchParams.get('page'))).toEqual([null, '2', '3']);
  });

  it('goes to the last page when the address asks for one past the end', async () => {
    stubFetch((url) => {
      if (url.searchParams.get('featured_only')) return list([]);
      const page = Number(url.searchParams.get('page') ?? '1');
      return page > 2 ? list([], 2, page) : list([makePost({ slug: `p${page}`, title: `Post on page ${page}` })], 2, page);
    });
    render('/blog?page=7');
    await screen.findByRole('heading', { name: 'Post on page 2' });
    expect(location()).toBe('/blog?page=2');
  });

  it('toasts the spec message when the list fails, and only logs a featured failure', async () => {
    stubFetch(() => json(500, { detail: 'boom' }));
    render();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    await act(async () => {});
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.blogLoadFailed));
    expect(console.error).toHaveBeenCalled();
  });
});
