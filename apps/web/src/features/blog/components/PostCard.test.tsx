import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makePost } from '../test-support.tsx';
import { PostCard } from './PostCard.tsx';

const renderCard = (post: ReturnType<typeof makePost>, showViews = true) =>
  render(
    <MemoryRouter>
      <PostCard post={post} showViews={showViews} />
    </MemoryRouter>,
  );

describe('a post card', () => {
  it('shows the date, author, title, description, views and a Read More link to the post', () => {
    renderCard(makePost({ slug: 'trl', title: 'TRL explained', description: 'Nine levels.', author_name: 'Ada', view_count: 1234 }));
    const card = screen.getByRole('article');
    expect(within(card).getByText('Mar 4, 2026', { selector: 'time' })).toBeTruthy();
    expect(within(card).getByText('Ada')).toBeTruthy();
    expect(within(card).getByRole('heading', { level: 3, name: 'TRL explained' })).toBeTruthy();
    expect(within(card).getByText('Nine levels.')).toBeTruthy();
    expect(within(card).getByText('1,234 views')).toBeTruthy();
    const readMore = within(card).getByRole('link', { name: /Read More/ });
    expect(readMore.getAttribute('href')).toBe('/blog/trl');
    expect(readMore.getAttribute('target')).toBeNull();
    // No picture: a drawn cover stands in, hidden from screen readers.
    expect(within(card).getByTestId('post-cover-placeholder').getAttribute('aria-hidden')).toBe('true');
  });

  it('shows the picture with alt text when the post has one', () => {
    renderCard(makePost({ title: 'With picture', image_url: 'https://cdn.example.com/a.jpg' }));
    // (inside the picture's second link, which is hidden from screen readers: the title link speaks)
    const img = screen.getByRole('img', { name: 'With picture', hidden: true });
    expect(img.getAttribute('src')).toBe('https://cdn.example.com/a.jpg');
  });

  it('opens a press release with an http image_url as an outside article in a new tab', () => {
    const url = 'https://news.example.com/ai-and-tech-transfer';
    renderCard(makePost({ post_type: 'press_release', slug: 'in-the-news', title: 'In the News', image_url: url }), false);
    const links = screen.getAllByRole('link');
    expect(links.length).toBeGreaterThan(0);
    for (const a of links) {
      expect(a.getAttribute('href')).toBe(url);
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(screen.getByRole('link', { name: /Read Article.*opens in a new tab/ })).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByText(/views?$/)).toBeNull();
  });

  it('opens any other press release on its detail page', () => {
    renderCard(makePost({ post_type: 'press_release', slug: 'launch', title: 'Launch', image_url: '/images/launch.png' }), false);
    for (const a of screen.getAllByRole('link', { hidden: true })) {
      expect(a.getAttribute('href')).toBe('/press-releases/launch');
      expect(a.getAttribute('target')).toBeNull();
    }
  });
});
