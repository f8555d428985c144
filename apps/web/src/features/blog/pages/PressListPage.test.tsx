import { MSG } from '@assay/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makePost, renderAt, stubFetch } from '../test-support.tsx';
import PressListPage from './PressListPage.tsx';
import { spyOnToasts } from '../../../test/toasts.ts';

const toast = spyOnToasts();

const render = () => renderAt('/press-releases', [{ path: '/press-releases', element: <PressListPage /> }]);

afterEach(() => vi.unstubAllGlobals());

describe('the press release list', () => {
  it('asks for 12 releases and links outside articles in a new tab, the rest to their page', async () => {
    const url = 'https://news.example.com/story';
    const calls = stubFetch(() =>
      json(200, {
        posts: [
          makePost({ post_type: 'press_release', slug: 'outside', title: 'In the News', image_url: url }),
          makePost({ post_type: 'press_release', slug: 'launch', title: 'We launch' }),
        ],
        pages: 1,
        total: 2,
        page: 1,
      }),
    );
    render();
    const outside = await screen.findByRole('link', { name: 'In the News' });
    expect(outside.getAttribute('href')).toBe(url);
    expect(outside.getAttribute('target')).toBe('_blank');
    expect(outside.getAttribute('rel')).toBe('noopener noreferrer');
    const inside = screen.getByRole('link', { name: 'We launch' });
    expect(inside.getAttribute('href')).toBe('/press-releases/launch');
    expect(inside.getAttribute('target')).toBeNull();
    expect(calls[0]!.searchParams.get('post_type')).toBe('press_release');
    expect(calls[0]!.searchParams.get('limit')).toBe('12');
    expect(screen.queryByRole('navigation', { name: 'Press release pages' })).toBeNull();
  });

  it('has its own empty state and failure toast', async () => {
    stubFetch(() => json(200, { posts: [], pages: 1, total: 0, page: 1 }));
    render();
    expect(await screen.findByText('No press releases found')).toBeTruthy();
    expect(screen.getByText('No press releases available yet')).toBeTruthy();
  });

  it('toasts Failed to load press releases', async () => {
    stubFetch(() => json(503, { detail: 'down' }));
    render();
    await screen.findByRole('button', { name: 'Try again' });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.pressLoadFailed));
  });
});
