import { firstReads, MSG } from '@assay/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, makePost, POST_META, renderAt, stubFetch } from '../test-support.tsx';
import PostPage from './PostPage.tsx';
import { spyOnToasts } from '../../../test/toasts.ts';

const toast = spyOnToasts();

const routes = [
  { path: '/blog', element: <h1>Blog list</h1> },
  { path: '/blog/:slug', element: <PostPage /> },
  { path: '/press-releases', element: <h1>Press list</h1> },
  { path: '/press-releases/:slug', element: <PostPage /> },
];

const full = (over: Parameters<typeof makePost>[0] = {}) => ({
  ...makePost(over),
  ...POST_META,
  content: '<p>Body <strong>text</strong></p>',
  tags: [{ id: 't1', name: 'Licensing', slug: 'licensing' }],
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  toast.error.mockReset();
  toast.success.mockReset();
  document.head.innerHTML = '<title>Assay</title><meta name="description" content="Site description">';
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a post', () => {
  it('shows the feature picture in a figure with its own alt text and caption, as text (decision 206)', async () => {
    const caption = '<img src=x onerror="window.hacked=1"> Photo: lab';
    stubFetch((url) =>
      url.pathname === '/api/blog/posts/pic'
        ? json(200, {
            ...full({ slug: 'pic', title: 'Pictured', image_url: '/media/p.webp' }),
            image_alt: 'A bench with <b>tools</b>',
            image_caption: caption,
            image_decorative: false,
          })
        : json(200, { posts: [], pages: 1, total: 0, page: 1 }),
    );
    renderAt('/blog/pic', routes);
    const img = await screen.findByRole('img', { name: 'A bench with <b>tools</b>' });
    const figure = screen.getByTestId('post-feature');
    expect(figure.tagName).toBe('FIGURE');
    expect(figure.contains(img)).toBe(true);
    expect(figure.querySelector('figcaption')!.textContent).toBe(caption);
    expect(figure.querySelectorAll('img')).toHaveLength(1);
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('gives a decorative feature picture an empty alt, and an older post without alt text its title', async () => {
    stubFetch((url) =>
      url.pathname === '/api/blog/posts/deco'
        ? json(200, {
            ...full({ slug: 'deco', title: 'Decorated', image_url: '/media/d.webp' }),
            image_alt: 'unused',
            image_decorative: true,
          })
        : url.pathname === '/api/blog/posts/old'
          ? json(200, full({ slug: 'old', title: 'Old post', image_url: '/media/o.webp' }))
          : json(200, { posts: [], pages: 1, total: 0, page: 1 }),
    );
    const { unmount } = renderAt('/blog/deco', routes);
    await screen.findByRole('heading', { level: 1, name: 'Decorated' });
    expect(screen.getByTestId('post-feature').querySelector('img')!.getAttribute('alt')).toBe('');
    expect(screen.getByTestId('post-feature').querySelector('figcaption')).toBeNull();
    unmount();
    renderAt('/blog/old', routes);
    expect(await screen.findByRole('img', { name: 'Old post' })).toBeTruthy();
  });

  it('shows the post, sets the title and description, and lists related posts without itself', async () => {
    const calls = stubFetch((url) => {
      if (url.pathname === '/api/blog/posts/trl') {
        return json(
          200,
          full({ slug: 'trl', title: 'TRL explained', meta_title: 'TRL 1-9', meta_description: 'All nine levels', view_count: 3 }),
        );
      }
      return json(200, {
        posts: [makePost({ slug: 'trl', title: 'TRL explained' }), makePost({ slug: 'ip', title: 'Patent first' })],
        pages: 1,
        total: 2,
        page: 1,
      });
    });
    const { unmount } = renderAt('/blog/trl', routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'TRL explained' })).toBeTruthy();
    expect(screen.getByText('text').tagName).toBe('STRONG');
    expect(screen.getByText('3 views')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Blog' }).getAttribute('href')).toBe('/blog');
    expect(await screen.findByRole('heading', { name: 'Related Articles' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Patent first' })).toBeTruthy();
    expect(screen.queryAllByRole('link', { name: 'TRL explained' })).toHaveLength(0);
    // Its tags link to their tag pages (decision 204).
    const tags = screen.getByRole('navigation', { name: 'Tags' });
    expect(within(tags).getByRole('link', { name: 'Licensing' }).getAttribute('href')).toBe('/blog/tag/licensing');

    expect(document.title).toBe('TRL 1-9');
    expect(document.querySelector('meta[name="description"]')!.getAttribute('content')).toBe('All nine levels');
    const related = calls.find((u) => u.pathname === '/api/blog/posts')!;
    expect(Object.fromEntries(related.searchParams)).toEqual({ post_type: 'blog', limit: '3', exclude: 'trl' });
    expect(calls.find((u) => u.pathname === '/api/blog/posts/trl')!.searchParams.get('post_type')).toBe('blog');
    // The reads the server names in the post's HTML for preloading are the ones the page makes, to the byte.
    const asked = calls.map((u) => u.pathname + u.search);
    for (const url of firstReads('/blog/trl').filter((u) => u.startsWith('/api/blog/'))) expect(asked).toContain(url);

    unmount();
    expect(document.title).toBe('Assay');
    expect(document.querySelector('meta[name="description"]')!.getAttribute('content')).toBe('Site description');
  });

  it('falls back to the title, leaves the description alone without meta_description, and shares the page', async () => {
    stubFetch((url) =>
      url.pathname.endsWith('/launch')
        ? json(200, full({ post_type: 'press_release', slug: 'launch', title: 'We launch' }))
        : json(200, { posts: [], pages: 1, total: 0, page: 1 }),
    );
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);

    renderAt('/press-releases/launch', routes);
    await screen.findByRole('heading', { level: 1, name: 'We launch' });
    expect(document.title).toBe('We launch');
    expect(document.querySelector('meta[name="description"]')!.getAttribute('content')).toBe('Site description');
    expect(screen.getByRole('link', { name: 'Back to Press Releases' }).getAttribute('href')).toBe('/press-releases');
    expect(screen.queryByRole('heading', { name: 'Related Articles' })).toBeNull();

    const user = userEvent.setup();
    // (after setup: user-event installs its own clipboard)
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Share on Twitter' }));
    await user.click(screen.getByRole('button', { name: 'Share on LinkedIn' }));
    await user.click(screen.getByRole('button', { name: 'Share on Facebook' }));
    const here = encodeURIComponent(window.location.href);
    expect(open.mock.calls.map((c: unknown[]) => c[2])).toEqual(['width=600,height=400', 'width=600,height=400', 'width=600,height=400']);
    expect(String((open.mock.calls[0] as unknown[])[0])).toContain(`twitter.com/intent/tweet?url=${here}`);
    expect(String((open.mock.calls[1] as unknown[])[0])).toContain(`linkedin.com/sharing/share-offsite/?url=${here}`);
    expect(String((open.mock.calls[2] as unknown[])[0])).toContain(`facebook.com/sharer/sharer.php?u=${here}`);

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(window.location.href);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.linkCopied));
  });

  it('moves the address from a former slug to the current one', async () => {
    stubFetch((url) =>
      url.pathname === '/api/blog/posts'
        ? json(200, { posts: [], pages: 1, total: 0, page: 1 })
        : json(200, full({ slug: 'new-name', title: 'Renamed post' })),
    );
    renderAt('/blog/old-name', routes);
    await screen.findByRole('heading', { level: 1, name: 'Renamed post' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/blog/new-name'));
  });

  it('says Post not found on a 404, toasts it once and goes back to the blog', async () => {
    const calls = stubFetch((url) =>
      url.pathname === '/api/blog/posts'
        ? json(200, { posts: [], pages: 1, total: 0, page: 1 })
        : json(404, { detail: 'Blog post not found' }),
    );
    renderAt('/blog/missing', routes);
    expect(await screen.findByText('Post not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Blog' })).toBeTruthy();
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.blogPostNotFound));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/blog'), { timeout: 3500 });
    expect(screen.getByRole('heading', { name: 'Blog list' })).toBeTruthy();
    // A 404 is final: asked once.
    expect(calls.filter((u) => u.pathname === '/api/blog/posts/missing')).toHaveLength(1);
  });

  it('toasts Failed to load blog post on any other failure and offers to try again', async () => {
    stubFetch(() => json(500, { detail: 'boom' }));
    renderAt('/blog/trl', routes);
    // (one retry first, as for every query)
    expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 4000 })).toBeTruthy();
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.blogPostLoadFailed));
    expect(screen.queryByText('Post not found')).toBeNull();
  });
});
