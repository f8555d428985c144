import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminCredentials } from '../lib/credentials.ts';
import { json, mockFetch, POST, renderWithClient } from '../test-support.tsx';
import { PostsTab } from './PostsTab.tsx';
import { spyOnToasts } from '../../../test/toasts.ts';

const toast = spyOnToasts();

beforeEach(() => adminCredentials.save('ops', 'secret-password'));
afterEach(() => {
  adminCredentials.clear();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const post = (n: number, over: Partial<typeof POST> = {}) => ({
  ...POST,
  id: `p${n}`,
  slug: `post-${n}`,
  title: `Post ${n}`,
  post_type: 'blog' as const,
  ...over,
});

describe('the posts tab', () => {
  it('pages with the cursor, filters by status and words, and links published posts to the site', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch((_m, url) => {
      const q = new URL(url, 'http://x').searchParams;
      if (q.get('cursor') === 'next-1') return json(200, { posts: [post(3, { status: 'draft', published_at: null })] });
      if (q.get('status') === 'draft') return json(200, { posts: [post(3, { status: 'draft', published_at: null })] });
      return json(200, { posts: [post(1), post(2)] }, { 'x-next-cursor': 'next-1' });
    });
    renderWithClient(<PostsTab type="blog" />);
    const list = await screen.findByRole('list', { name: 'Blog Posts' });
    await within(list).findByText('Post 1');
    const view = within(list).getByRole('link', { name: 'View on site: Post 1 (opens in a new tab)' });
    expect(view.getAttribute('href')).toBe('/blog/post-1');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await within(list).findByText('Post 3');
    expect(fetch.mock.calls.some(([url]) => String(url).includes('cursor=next-1'))).toBe(true);
    // A draft offers a preview instead of a link to the site.
    expect(within(list).queryByRole('link', { name: /View on site: Post 3/ })).toBeNull();
    expect(within(list).getByRole('button', { name: 'Preview Post 3 on the site' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'draft' } });
    await user.type(screen.getByLabelText('Search blog posts'), 'three');
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => /status=draft/.test(String(url)) && /q=three/.test(String(url)))).toBe(true),
    );
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Blog Posts' })).queryByText('Post 1')).toBeNull());
  });

  it('makes a preview link for a draft and offers to open or copy it', async () => {
    const user = userEvent.setup();
    mockFetch((method, url) =>
      method === 'POST' && url.endsWith('/preview-link')
        ? json(200, { token: 'abc.def', url: '/preview/abc.def', expires_at: '2030-01-01T12:00:00Z' })
        : json(200, { posts: [post(7, { status: 'draft', published_at: null })] }),
    );
    renderWithClient(<PostsTab type="blog" />);
    await user.click(await screen.findByRole('button', { name: 'Preview Post 7 on the site' }));
    const open = await screen.findByRole('link', { name: /Open preview/ });
    expect(open.getAttribute('href')).toBe('/preview/abc.def');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });

  it('says when no post matches the filters', async () => {
    mockFetch(() => json(200, { posts: [] }));
    renderWithClient(<PostsTab type="blog" />);
    expect(await screen.findByText('No blog posts yet')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'published' } });
    expect(await screen.findByText('No posts match')).toBeTruthy();
  });

  it('opens the editor with the post read whole: the list carries no bodies', async () => {
    const user = userEvent.setup();
    const { content: _body, ...summary } = post(1);
    const fetch = mockFetch((_m, url) => {
      if (url.includes('/blog/admin/posts/p1')) return json(200, { ...post(1), content: '<p>The whole body</p>' });
      return json(200, { posts: [summary] });
    });
    renderWithClient(<PostsTab type="blog" />);
    await user.click(await screen.findByRole('button', { name: 'Edit Post 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Blog Post' });
    await waitFor(() => expect(within(dialog).getByLabelText('Title')).toBeTruthy());
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Post 1');
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/api/blog/admin/posts/p1'))).toBe(true);
    // The form opens in the visual editor; its HTML mode shows the body as stored.
    fireEvent.click(within(dialog).getByRole('button', { name: 'HTML' }));
    expect(((await within(dialog).findByLabelText(/Content/)) as HTMLTextAreaElement).value).toBe('<p>The whole body</p>');
  });

  it('says so and closes when the post cannot be read', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch((_m, url) =>
      url.includes('/blog/admin/posts/p1') ? json(404, { detail: 'Post not found' }) : json(200, { posts: [post(1)] }),
    );
    renderWithClient(<PostsTab type="blog" />);
    await user.click(await screen.findByRole('button', { name: 'Edit Post 1' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to open the blog post'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
