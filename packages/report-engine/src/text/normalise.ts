/**
 * Text as the engine reads it: one form of quotes and spaces, no run of letters longer than a
 * word (a pasted hash or URL is shortened), and the small helpers every floor above uses.
 */

/** Longer than any real word: a pasted hash, URL or run of letters. */
export const MAX_WORD_CHARS = 40;
const OVERLONG_WORD = new RegExp(`\\S{${MAX_WORD_CHARS + 1},}`, 'g');

export function normaliseText(text: string): string {
  return text
    .replace(OVERLONG_WORD, (w) => `${w.slice(0, MAX_WORD_CHARS - 1)}…`)
    .replace(/\r\n?/g, '\n')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201C\u201D\u201E]/g, '"')
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

/** Shortens text to at most `max` characters at a word boundary, with an ellipsis. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[,;:\s]+$/, '')}…`;
}

/** A stable small hash, used to pick among equivalent phrasings deterministically. */
export function stableHash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches a cue at a word start; short cues (4 letters or fewer) only as whole words (plural allowed). */
export function cueRegExp(cue: string, flags = 'i'): RegExp {
  const c = cue.trim().toLowerCase();
  const body = escapeRegExp(c);
  return c.length <= 4 ? new RegExp(`(?<![a-z0-9])${body}s?(?![a-z0-9])`, flags) : new RegExp(`(?<![a-z0-9])${body}`, flags);
}

export function countCue(textLower: string, cue: string): number {
  return (textLower.match(cueRegExp(cue, 'gi')) ?? []).length;
}

/** Upper-cases the first letter (for a fact that opens a sentence or a cell). */
export const capitalise = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

/** Joins items as English does: "a", "a and b", "a, b and c". */
export function listing(items: readonly string[], conjunction = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}
