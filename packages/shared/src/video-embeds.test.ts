import { describe, expect, it } from 'vitest';
import { videoEmbedFrom } from './video-embeds.ts';

describe('videoEmbedFrom', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10', 'youtube', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'youtube', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'vimeo', '76979871'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'vimeo', '76979871'],
    ['https://player.vimeo.com/video/76979871', 'vimeo', '76979871'],
  ])('%s', (address, provider, id) => {
    const v = videoEmbedFrom(address)!;
    expect(v).toMatchObject({ provider, id });
    expect(
      v.player.startsWith(provider === 'youtube' ? 'https://www.youtube-nocookie.com/embed/' : 'https://player.vimeo.com/video/'),
    ).toBe(true);
  });

  it.each([
    'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
    'https://www.youtube.com/watch?v=short',
    'https://vimeo.com/about',
    'not a url',
  ])('refuses %s', (address) => {
    expect(videoEmbedFrom(address)).toBeNull();
  });
});
