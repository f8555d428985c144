import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GeneratedCover, PostCover } from './PostCover.tsx';

const post = (slug: string, over: Record<string, unknown> = {}) => ({
  slug, title: `Title of ${slug}`, post_type: 'blog' as const, image_url: null, published_at: '2026-03-04T10:00:00Z', ...over,
});

describe('the generated cover of a post without a picture', () => {
  it('shows the kind, the title and the date, hidden from screen readers', () => {
    render(<PostCover post={post('trl', { title: 'Technology readiness levels explained for licensing teams', post_type: 'press_release' })} />);
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
    expect(`${again.container.querySelector('svg')!.getAttribute('data-hue')}|${again.container.querySelector('stop')!.getAttribute('stop-color')}`).toBe(hues[0]);
  });

  it('cuts a long title to three lines', () => {
    const { container } = render(<GeneratedCover post={post('long', { title: 'word '.repeat(60) })} />);
    const lines = container.querySelectorAll('tspan');
    expect(lines).toHaveLength(3);
    expect(lines[2]!.textContent!.endsWith('…')).toBe(true);
  });
});
