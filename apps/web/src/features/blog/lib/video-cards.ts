import { VIDEO_PROVIDER_NAMES, videoEmbedFrom } from '@assay/shared';

/**
 * A post's video cards (`<a data-embed>`, decision 200) stay links to the video until the reader
 * clicks one: then, and only then, the player loads in its place (youtube-nocookie.com,
 * player.vimeo.com with dnt). The player's address is built from the video id in the link,
 * which must be a YouTube or Vimeo address; anything else stays an ordinary link.
 */
export function playVideoCard(event: MouseEvent): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const card = (event.target as Element | null)?.closest?.('a[data-embed]');
  if (!card) return;
  const video = videoEmbedFrom(card.getAttribute('href') ?? '');
  if (!video) return;
  event.preventDefault();
  const player = document.createElement('iframe');
  player.src = video.player;
  player.title = `Video on ${VIDEO_PROVIDER_NAMES[video.provider]}`;
  player.allow = 'autoplay; fullscreen; picture-in-picture; encrypted-media';
  player.allowFullscreen = true;
  player.referrerPolicy = 'strict-origin-when-cross-origin';
  player.setAttribute('data-embed-player', video.provider);
  card.replaceWith(player);
  player.focus();
}
