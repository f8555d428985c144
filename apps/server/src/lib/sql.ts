/** Small helpers for hand-written SQL, shared by every module. */
import type { Queryable } from '../db/client.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a well-formed uuid: check before a `$1::uuid` cast, so bad ids are a 404, not a 500. */
export const isUuid = (value: string) => UUID.test(value);

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards (and the escape) escaped. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The words of a search a trigram index can look up: split as pg_trgm splits text, three characters or more. */
export const trigramWords = (text: string) => [...new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3))];

/**
 * Of a search's words, the one the planner's statistics expect the fewest rows for under
 * `fromWhere` (with `$1` as the word's pattern). A trigram index scan reads every trigram's
 * posting list whole, and a word most rows share ("member", "gmail") makes that list as long as
 * the table even when another word is rare: the index looks up the rare word, and the whole text
 * is then checked on the rows it finds. A search of one word (or none) is answered as it is.
 */
export async function rarestWord(db: Queryable, fromWhere: string, text: string): Promise<string> {
  const words = trigramWords(text);
  if (words.length < 2) return text;
  const planned = await Promise.all(
    words.map(async (word) => {
      const plan = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(`EXPLAIN (FORMAT JSON) SELECT 1 ${fromWhere}`, [containsPattern(word)]);
      return { word, rows: plan.rows[0]!['QUERY PLAN'][0].Plan['Plan Rows'] };
    }),
  );
  return planned.reduce((a, b) => (b.rows < a.rows ? b : a)).word;
}
