/** Small helpers for hand-written SQL, shared by every module. */
import type { Queryable } from '../db/client.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a well-formed uuid: check before a `$1::uuid` cast, so bad ids are a 404, not a 500. */
export const isUuid = (value: string) => UUID.test(value);

/** `text` with LIKE's own wildcards (and the escape) escaped. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** A LIKE pattern matching `text` anywhere. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** A LIKE pattern matching what starts with `text` (a b-tree with text_pattern_ops answers it). */
export const prefixPattern = (text: string) => `${escapeLike(text)}%`;

/** The words of a search a trigram index can look up: split as pg_trgm splits text, three characters or more. */
const trigramWords = (text: string) => [
  ...new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 3),
  ),
];

/**
 * Of a search's words, the one the planner's statistics expect the fewest rows for under
 * `fromWhere` (with `$1` as the word's pattern). A trigram index scan reads every trigram's
 * posting list, and a word most rows share ("member", "gmail") makes that list as long as the
 * table even when another word is rare: the index looks up the rare word, and the whole text is
 * then checked on the rows it finds. A search of one word (or none) is answered as it is, and so
 * is any search while `table` has no statistics (never analysed, as on the embedded database):
 * the planner then ranks patterns by their length, which would pick the common word.
 */
export async function rarestWord(db: Queryable, table: string, fromWhere: string, text: string): Promise<string> {
  const words = trigramWords(text);
  if (words.length < 2 || !(await hasStatistics(db, table))) return text;
  // One plan for every word's lookup: its branches' row estimates, in the words' order.
  const branches = words.map((_, i) => `SELECT 1 ${fromWhere.replaceAll('$1', `$${i + 1}`)}`).join(' UNION ALL ');
  const plan = await db.query<{ 'QUERY PLAN': [{ Plan: { Plans?: { 'Plan Rows': number }[] } }] }>(
    `EXPLAIN (FORMAT JSON) ${branches}`,
    words.map(containsPattern),
  );
  const rows = plan.rows[0]?.['QUERY PLAN'][0].Plan.Plans?.map((p) => p['Plan Rows']);
  if (rows?.length !== words.length) return text;
  return words[rows.indexOf(Math.min(...rows))]!;
}

/**
 * Tables known to have statistics, per database handle (a table analysed in one database says
 * nothing of another's): once analysed, a table keeps them.
 */
const analysed = new WeakMap<Queryable, Set<string>>();

async function hasStatistics(db: Queryable, table: string): Promise<boolean> {
  const known = analysed.get(db) ?? new Set<string>();
  analysed.set(db, known);
  if (known.has(table)) return true;
  const found = await db.query<{ yes: boolean }>('SELECT EXISTS (SELECT 1 FROM pg_statistic WHERE starelid = $1::regclass) AS yes', [
    table,
  ]);
  if (found.rows[0]?.yes) known.add(table);
  return known.has(table);
}
