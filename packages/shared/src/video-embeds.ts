/**
 * Videos a post may show (decision 200): a YouTube or Vimeo address becomes a card that is a
 * plain link until the reader clicks it; only then does the page load the player, from
 * youtube-nocookie.com or player.vimeo.com. The stored HTML never holds an iframe.
 */
export type VideoProvider = 'youtube' | 'vimeo';

export interface VideoEmbed {
  provider: VideoProvider;
  id: string;
  /** The canonical watch address stored in the post. */
  url: string;
  /** The player address, built here from the id alone, never from stored text. */
  player: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

const youtube = (id: string): VideoEmbed => ({
  provider: 'youtube',
  id,
  url: `https://www.youtube.com/watch?v=${id}`,
  player: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`,
});
const vimeo = (id: string): VideoEmbed => ({
  provider: 'vimeo',
  id,
  url: `https://vimeo.com/${id}`,
  player: `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`,
});

/** The video an address names (watch, short, embed and share forms), or null for anything else. */
export function videoEmbedFrom(address: string): VideoEmbed | null {
  let u: URL;
  try {
    u = new URL(address.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
  const host = u.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const parts = u.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (parts[0] === 'watch') id = u.searchParams.get('v') ?? undefined;
    else if (parts[0] === 'embed' || parts[0] === 'shorts' || parts[0] === 'live') id = parts[1];
    return id && YOUTUBE_ID.test(id) ? youtube(id) : null;
  }
  if (host === 'youtu.be') {
    id = parts[0];
    return id && YOUTUBE_ID.test(id) ? youtube(id) : null;
  }
  if (host === 'vimeo.com') id = parts.find((p) => VIMEO_ID.test(p));
  else if (host === 'player.vimeo.com' && parts[0] === 'video') id = parts[1];
  return id && VIMEO_ID.test(id) ? vimeo(id) : null;
}

export const VIDEO_PROVIDER_NAMES: Record<VideoProvider, string> = { youtube: 'YouTube', vimeo: 'Vimeo' };
