import anyAscii from 'any-ascii';
import { slugify } from './slugs.ts';

/**
 * A tag's address from its name, transliterated to ASCII first (any-ascii: "Straße" → "strasse",
 * "Ciência" → "ciencia", "Патенты" → "patenty", "特許" → "texu"), so a tag in any script gets a
 * readable address instead of an empty one. Never empty: "tag" when nothing is left.
 */
export function tagSlug(name: string): string {
  return slugify(anyAscii(name), 'tag');
}
