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
 * token ledger): the cursor is the last row's id, and the next page starts below it.
 */
export const encodeIdCursor = (id: number | string) => Buffer.from(`id|${id}`).toString('base64url');

/** The id an id cursor names; a cursor that was not ours is a 400. */
export function decodeIdCursor(cursor: string): number {
  const m = /^id\|([1-9][0-9]{0,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const id = m ? Number(m[1]) : NaN;
  if (!Number.isSafeInteger(id)) throw badRequest(MSG.invalidCursor, 'invalid_cursor');
  return id;
}

/** A total is counted exactly up to this many rows; beyond, the list says "more than". */
export const COUNT_CAP = 10_000;

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

/** Rows fetched with LIMIT limit + 1: the page, and the position after it when more follow. */
export function splitPage<R extends { cursor_at: string; id: string }>(rows: R[], limit: number) {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { page, next: rows.length > limit && last ? { at: last.cursor_at, id: last.id } : undefined };
}
