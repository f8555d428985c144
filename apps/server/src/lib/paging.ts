import { MSG } from '@assay/shared';
import type { FastifyReply } from 'fastify';
import type { Queryable } from '../db/client.ts';
import { badRequest } from './errors.ts';
import { isUuid } from './sql.ts';

/**
 * Keyset paging for newest-first lists ordered by (timestamp DESC, id DESC): a page starts
 * after the last row of the previous one, so rows written meanwhile neither shift nor repeat
 * what follows, and a deep page costs what the first does (docs/decisions/070-scale.md).
 */
export interface Keyset {
  /** The row's timestamp in UTC to the microsecond, as `cursorAt` selects it. */
  at: string;
  id: string;
}

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** SQL for a timestamptz column as a cursor carries it (JavaScript dates stop at milliseconds). */
export const cursorAt = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const encodeCursor = (k: Keyset) => Buffer.from(`${k.at}|${k.id}`).toString('base64url');

/** The position a cursor names; a cursor that was not ours is a 400. */
export function decodeCursor(cursor: string): Keyset {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || rest.length || !AT.test(at) || !isUuid(id)) throw badRequest(MSG.invalidCursor, 'invalid_cursor');
  return { at, id };
}

/**
 * The WHERE condition "after this cursor" for columns ordered (at DESC, id DESC): appends the
 * cursor's two values to `params` and names them. No cursor, no condition.
 */
export function afterCursor(cursor: string | undefined, atColumn: string, idColumn: string, params: unknown[]) {
  if (!cursor) return undefined;
  const { at, id } = decodeCursor(cursor);
  params.push(at, id);
  return `(${atColumn}, ${idColumn}) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`;
}

/**
 * Keyset paging for append-only tables read newest first by their identity column alone (the
 * audit log): the cursor is the last row's id, and the next page starts below it.
 */
export const encodeIdCursor = (id: number | string) => Buffer.from(`id|${id}`).toString('base64url');

/** The id an id cursor names; a cursor that was not ours is a 400. */
export function decodeIdCursor(cursor: string): number {
  const m = /^id\|([1-9][0-9]{0,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const id = m ? Number(m[1]) : NaN;
  if (!Number.isSafeInteger(id)) throw badRequest(MSG.invalidCursor, 'invalid_cursor');
  return id;
}

/**
 * Keyset for the token ledger, read newest first by (created_at, id) — id being its identity
 * number, not a uuid (docs/decisions/189-billing-history-bounded.md). Named, so no other list's
 * cursor passes for it.
 */
export const encodeLedgerCursor = (k: { at: string; id: number | string }) => Buffer.from(`ledger|${k.at}|${k.id}`).toString('base64url');

/** The position a ledger cursor names; a cursor that was not one is a 400. */
export function decodeLedgerCursor(cursor: string): { at: string; id: number } {
  const [tag, at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const n = /^[1-9][0-9]{0,15}$/.test(id ?? '') ? Number(id) : NaN;
  if (tag !== 'ledger' || !at || rest.length || !AT.test(at) || !Number.isSafeInteger(n))
    throw badRequest(MSG.invalidCursor, 'invalid_cursor');
  return { at, id: n };
}

/**
 * A total is counted exactly up to this many rows; beyond, the list says "more than". Gathering
 * the matches to count them is a search's whole cost when it is dense (a package name, a common
 * first name): at 10,000 that was 25–276 ms at 200,000 members, at 1,000 a tenth of it. An
 * operator refines a search that finds more than a thousand rather than paging through it
 * (GitHub's search stops counting at 1,000 too); a cursor still walks every match (decision 247).
 */
export const COUNT_CAP = 1_000;

/** count(*) that stops at COUNT_CAP + 1 rows: `fromWhere` is "FROM … WHERE …". */
export async function cappedCount(db: Queryable, fromWhere: string, params: unknown[]): Promise<Total> {
  const r = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 ${fromWhere} LIMIT ${COUNT_CAP + 1}) s`, params);
  const n = r.rows[0]!.n;
  return n > COUNT_CAP ? { n: COUNT_CAP, capped: true } : exactTotal(n);
}

export interface Total {
  n: number;
  /** True when the list has more than `n` rows. */
  capped: boolean;
}

/** A total known exactly (a running counter). */
export const exactTotal = (n: number): Total => ({ n, capped: false });

/**
 * A page's headers: X-Total-Count (with X-Total-Count-Capped: true when the real total is
 * larger) and X-Next-Cursor when more rows follow.
 */
export function pageHeaders(reply: FastifyReply, page: { total?: Total | undefined; next?: Keyset | string | undefined }) {
  if (page.total) {
    reply.header('x-total-count', String(page.total.n));
    if (page.total.capped) reply.header('x-total-count-capped', 'true');
  }
  // A string is an already encoded cursor (encodeIdCursor).
  if (page.next) reply.header('x-next-cursor', typeof page.next === 'string' ? page.next : encodeCursor(page.next));
}

/**
 * SQL for one page of a filtered newest-first list and its total, in one statement, so a search
 * is looked up once (docs/decisions/180-bounded-lists-and-searches.md). The rows the filter
 * matches are gathered once (through its index, at most COUNT_CAP + 1), counted, and sorted for
 * the page. When more than COUNT_CAP match, the page is found instead by walking the list's
 * newest-first index behind a one-time filter (dense matches: a page is near), and the total is
 * the cap. Selects the page's `id`s (and `at`) with `total`; the caller joins the rows it shows.
 * `after` is a keyset condition on `${alias}.${at}` and `${alias}.id`; `limit` and `offset`
 * are parameter placeholders.
 */
export function countedPageSql(o: {
  table: string;
  alias: string;
  at: string;
  filter: string;
  after?: string | undefined;
  limit: string;
  offset: string;
}) {
  const { table, alias: a, at, filter } = o;
  const after = o.after ? `AND ${o.after}` : '';
  const window = `ORDER BY ${a}.${at} DESC, ${a}.id DESC LIMIT ${o.limit} OFFSET ${o.offset}`;
  return `WITH matches AS MATERIALIZED (SELECT ${a}.id, ${a}.${at} FROM ${table} ${a} WHERE ${filter} LIMIT ${COUNT_CAP + 1}),
       total AS (SELECT count(*)::int AS n FROM matches)
  SELECT page.id, (SELECT n FROM total) AS total FROM (
    (SELECT ${a}.id, ${a}.${at} FROM matches ${a} WHERE (SELECT n FROM total) <= ${COUNT_CAP} ${after} ${window})
    UNION ALL
    (SELECT ${a}.id, ${a}.${at} FROM ${table} ${a} WHERE (SELECT n FROM total) > ${COUNT_CAP} AND (${filter}) ${after} ${window})
  ) page`;
}

/**
 * The total a counted page's rows carry (countedPageSql). A page with no row (past the end) has
 * none: then it is 0 when the page was the first, else counted on its own (rare).
 */
export async function totalOfPage(rows: { total: number }[], first: boolean, count: () => Promise<Total>): Promise<Total> {
  const n = rows[0]?.total;
  if (n == null) return first ? exactTotal(0) : count();
  return n > COUNT_CAP ? { n: COUNT_CAP, capped: true } : exactTotal(n);
}

/** Where an offset page is read from: the list's own order (DESC) or its reverse (ASC), and how far. */
export interface OffsetWindow {
  order: 'DESC' | 'ASC';
  /** Rows to fetch: the page and one more (to tell whether more follow), fewer near the end. */
  limit: number;
  offset: number;
}

/**
 * An offset page of a newest-first list, read from the nearer end. OFFSET walks every skipped
 * row of the index, so past the middle of a list whose total is known exactly (a running
 * counter) the page is taken from the oldest end instead, ascending, and the caller puts it back
 * in order: the walk is at most half the list whichever page is asked for, and the last page
 * costs what the first does (docs/decisions/071 and 180). Without an exact total (a filtered
 * list, whose count is capped) the page is read from the newest end.
 */
export function offsetWindow(offset: number, pageSize: number, exactTotalRows?: number): OffsetWindow {
  const n = exactTotalRows;
  if (n === undefined || offset <= n / 2) return { order: 'DESC', limit: pageSize + 1, offset };
  // The page's rows and the one after it, counted from the oldest end; none past the end.
  const from = Math.max(0, n - 1 - offset - pageSize);
  return { order: 'ASC', limit: Math.max(0, n - offset - from), offset: from };
}

/** Rows fetched with LIMIT limit + 1: the page, and the position after it when more follow. */
export function splitPage<R extends { cursor_at: string; id: string }>(rows: R[], limit: number) {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { page, next: rows.length > limit && last ? { at: last.cursor_at, id: last.id } : undefined };
}

/**
 * Every row a query selects, oldest first, a page at a time (keyset on `at` then `id`, or on `id`
 * alone for an identity column): for exports that stream a member's records without holding them
 * all (docs/decisions/185-data-export-records-stream.md). `where` may use `params` as $1…; each
 * row also carries `cursor_at` (the position, to the microsecond), which callers drop.
 */
export async function* ascendingPages<R extends { id: string | number }>(
  db: Queryable,
  o: {
    columns: string;
    from: string;
    where: string;
    params: unknown[];
    at?: string;
    id: string;
    idType: 'uuid' | 'bigint';
    pageSize?: number;
  },
): AsyncGenerator<(R & { cursor_at: string | null })[]> {
  const size = o.pageSize ?? 500;
  let last: { at: string | null; id: string | number } | undefined;
  for (;;) {
    const params = [...o.params];
    let after = '';
    if (last) {
      params.push(last.id);
      const id = `$${params.length}::${o.idType}`;
      if (o.at) {
        params.push(last.at);
        after = `AND (${o.at}, ${o.id}) > ($${params.length}::timestamptz, ${id})`;
      } else after = `AND ${o.id} > ${id}`;
    }
    params.push(size);
    const order = o.at ? `${o.at}, ${o.id}` : o.id;
    const r = await db.query<R & { cursor_at: string | null }>(
      `SELECT ${o.columns}, ${o.at ? cursorAt(o.at) : 'NULL::text'} AS cursor_at FROM ${o.from}
        WHERE (${o.where}) ${after} ORDER BY ${order} LIMIT $${params.length}`,
      params,
    );
    if (r.rows.length) yield r.rows;
    if (r.rows.length < size) return;
    const tail = r.rows[r.rows.length - 1]!;
    last = { at: tail.cursor_at, id: tail.id };
  }
}
