import { describe, expect, it } from 'vitest';
import { formatPostDate, formatViews, isExternalPress, matchesSearch, postImage, postPath } from './format.ts';

const press = (image_url: string | null) => ({ post_type: 'press_release' as const, image_url });

describe('press releases that point elsewhere', () => {
  it('treats an http(s) image_url of a press release as an outside article', () => {
    expect(isExternalPress(press('https://news.example.com/story'))).toBe(true);
    expect(isExternalPress(press('http://news.example.com/story'))).toBe(true);
    expect(isExternalPress(press('HTTPS://NEWS.EXAMPLE.COM/STORY'))).toBe(true);
  });

  it('keeps a site path, no image, or a blog post on the detail page', () => {
    expect(isExternalPress(press('/images/launch.png'))).toBe(false);
    expect(isExternalPress(press(null))).toBe(false);
    expect(isExternalPress(press(''))).toBe(false);
    expect(isExternalPress({ post_type: 'blog', image_url: 'https://cdn.example.com/cover.jpg' })).toBe(false);
  });

  it('never shows an outside article address as a picture', () => {
    expect(postImage(press('https://news.example.com/story'))).toBeNull();
    expect(postImage(press('/images/launch.png'))).toBe('/images/launch.png');
    expect(postImage({ post_type: 'blog', image_url: 'https://cdn.example.com/cover.jpg' })).toBe('https://cdn.example.com/cover.jpg');
  });
});

describe('formatting', () => {
  it('writes dates like Mar 4, 2026 (the one date format)', () => {
    expect(formatPostDate({ published_at: '2026-03-04T12:00:00.000Z', created_at: '2020-01-01T00:00:00.000Z' })).toBe('Mar 4, 2026');
    expect(formatPostDate({ published_at: null, created_at: '2025-07-21T12:00:00.000Z' })).toBe('Jul 21, 2025');
  });

  it('counts views', () => {
    expect(formatViews(0)).toBe('0 views');
    expect(formatViews(1)).toBe('1 view');
    expect(formatViews(12345)).toBe('12,345 views');
  });

  it('links each kind of post to its own section', () => {
    expect(postPath({ post_type: 'blog', slug: 'trl' })).toBe('/blog/trl');
    expect(postPath({ post_type: 'press_release', slug: 'launch' })).toBe('/press-releases/launch');
  });

  it('matches the loaded page by title or description, ignoring case', () => {
    const post = { title: 'Patent First', description: 'Novelty and grace periods' };
    expect(matchesSearch(post, 'patent')).toBe(true);
    expect(matchesSearch(post, 'GRACE')).toBe(true);
    expect(matchesSearch(post, '  ')).toBe(true);
    expect(matchesSearch(post, 'licensing')).toBe(false);
  });
});
