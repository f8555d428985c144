/** How long a generated excerpt may be before it is cut at a word (characters). */
export const EXCERPT_MAX = 200;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * The description of a post whose operator left it empty: the start of its text, cut at a word
 * with "…" (decision 202). Code blocks, tables and figure captions are left out; a post with no
 * text at all is described by its title.
 */
export function excerptFrom(html: string, title: string): string {
  const text = html
    .replace(/<(pre|table|figcaption|aside)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#39|[a-z]+);/gi, (m, name: string) => ENTITIES[name.toLowerCase()] ?? m)
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCodePoint(Number(n)))
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return title;
  if (text.length <= EXCERPT_MAX) return text;
  const head = text.slice(0, EXCERPT_MAX);
  const space = head.lastIndexOf(' ');
  return `${(space > EXCERPT_MAX * 0.6 ? head.slice(0, space) : head).replace(/[\s,;:.–—-]+$/, '')}…`;
}
