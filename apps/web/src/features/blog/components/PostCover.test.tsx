import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GeneratedCover, PostCover } from './PostCover.tsx';

const post = (slug: string, over: Record<string, unknown> = {}) => ({
  slug,
  title: `Title of ${slug}`,
  post_type: 'blog' as const,
  image_url: null,
  published_at: '2026-03-04T10:00:00Z',
  ...over,
});

describe('the generated cover of a post without a picture', () => {
  it('shows the kind, the title and the date, hidden from screen readers', () => {
    render(
      <PostCover post={post('trl', { title: 'Technology readiness levels explained for licensing teams', post_type: 'press_release' })} />,
    );
    const svg = screen.getByTestId('post-cover-placeholder');
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.textContent).toContain('PRESS RELEASE');
    expect(svg.textContent).toContain('Technology readiness');
    expect(svg.textContent).toContain('Mar 4, 2026');
  });

  it('differs from post to post (colours from the slug) and stays the same for one post', () => {
    const hues = ['ai-in-tto', 'patent-landscapes', 'trl-explained', 'market-sizing', 'licensing-101', 'press-kit'].map((slug) => {
      const { container, unmount } = render(<GeneratedCover post={post(slug)} />);
      const hue = container.querySelector('svg')!.getAttribute('data-hue');
      const stop = container.querySelector('stop')!.getAttribute('stop-color');
      unmount();
      return `${hue}|${stop}`;
    });
    expect(new Set(hues).size).toBe(hues.length);
    const again = render(<GeneratedCover post={post('ai-in-tto')} />);
    expect(
      `${again.container.querySelector('svg')!.getAttribute('data-hue')}|${again.container.querySelector('stop')!.getAttribute('stop-color')}`,
    ).toBe(hues[0]);
  });

  it('cuts a long title to three lines', () => {
    const { container } = render(<GeneratedCover post={post('long', { title: 'word '.repeat(60) })} />);
    const lines = container.querySelectorAll('tspan');
    expect(lines).toHaveLength(3);
    expect(lines[2]!.textContent!.endsWith('…')).toBe(true);
  });
});

describe('a picture that cannot be loaded', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('falls back to the generated cover even when it failed before the app hydrated (no onError heard)', async () => {
    // The server-drawn <img> already failed: complete, with no pixels. Asking again fails too.
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(0);
    class FailingImage {
      onerror: (() => void) | null = null;
      set src(_: string) {
        queueMicrotask(() => this.onerror?.());
      }
    }
    vi.stubGlobal('Image', FailingImage);
    render(<PostCover post={post('broken', { image_url: 'https://images.example/missing.png' })} />);
    expect(await screen.findByTestId('post-cover-placeholder')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Title of broken' })).toBeNull();
    vi.restoreAllMocks();
  });

  it('keeps a picture that simply has not loaded yet', async () => {
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(false);
    render(<PostCover post={post('fine', { image_url: 'https://images.example/ok.png' })} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByRole('img', { name: 'Title of fine' })).toBeTruthy();
    vi.restoreAllMocks();
  });
});
