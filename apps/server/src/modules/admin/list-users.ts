import type { AdminUser } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { afterCursor, cappedCount, COUNT_CAP, cursorAt, exactTotal, offsetWindow, splitPage } from '../../lib/paging.ts';
import { containsPattern, rarestWord } from '../../lib/sql.ts';
import { readCounter } from '../../lib/stat-counters.ts';

interface Row {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  is_verified: boolean;
  reports_generated: number;
  created_at: Date;
  last_login: Date | null;
  plan_name: string | null;
  available_tokens: number;
}

/** What the panel shows of a member. */
const COLUMNS = 'u.id, u.name, u.email, u.phone, u.is_verified, u.reports_generated, u.created_at, u.last_login';
/** What the trigram indexes look up: a name or email holding the search, or its rarest word ($1, see rarestWord). */
const LOOKUP = 'lower(u.name) LIKE $1 OR u.email LIKE $1';
/** Then a member whose name or email holds the whole search ($2), when the lookup was one word of it. */
const WHOLE = `(${LOOKUP}) AND (strpos(lower(u.name), $2) > 0 OR strpos(u.email, $2) > 0)`;

/**
 * Members for the operator panel, newest first, searchable by name or email. The plan is the
 * last package bought; a member with unspent paid tokens counts as active.
 * One page by `cursor` (keyset) or `page` (offset, from the nearer end of the whole list); the
 * per-member figures are computed for the page's rows only, from each member's live lots.
 */
export async function listUsers(
  db: Queryable,
  q: { q?: string | undefined; page?: number | undefined; cursor?: string | undefined; limit: number },
) {
  const search = q.q?.toLowerCase();
  const word = search ? await rarestWord(db, 'users', `FROM users u WHERE ${LOOKUP}`, search) : undefined;
  const matching = word && word !== search ? WHOLE : LOOKUP;
  const searchParams: unknown[] = !word ? [null] : matching === WHOLE ? [containsPattern(word), search] : [containsPattern(word)];
  const params = [...searchParams];
  const after = afterCursor(q.cursor, 'u.created_at', 'u.id', params);
  const offset = q.cursor ? 0 : ((q.page ?? 1) - 1) * q.limit;
  // Without a search the total is an exact counter, so a deep page is read from the nearer end.
  const counted = search ? undefined : readCounter(db, 'users');
  const win = offsetWindow(offset, q.limit, counted && offset > 0 ? await counted : undefined);
  const window = `ORDER BY u.created_at ${win.order}, u.id ${win.order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`;
  const afterAnd = after ? `AND ${after}` : '';
  // With a search, one statement finds the matches once (through the trigram indexes, up to
  // COUNT_CAP + 1 of them), counts them and sorts them for the page: the trigram scan is the
  // cost, so it is not run twice. When more match than that, the page is found by walking the
  // newest-first index instead (dense matches: a page is near), behind a one-time filter.
  // The rows carry the member's columns, so the page is not joined back to users (which the
  // planner, misjudging a search's matches, may do by hashing the whole table).
  const picked = search
    ? `WITH matches AS MATERIALIZED (
         SELECT ${COLUMNS} FROM users u WHERE ${matching} LIMIT ${COUNT_CAP + 1}),
       total AS (SELECT count(*)::int AS n FROM matches)
       (SELECT u.*, (SELECT n FROM total) AS total FROM matches u
         WHERE (SELECT n FROM total) <= ${COUNT_CAP} ${afterAnd} ${window})
       UNION ALL
       (SELECT ${COLUMNS}, (SELECT n FROM total) AS total FROM users u
         WHERE (SELECT n FROM total) > ${COUNT_CAP} AND (${matching}) ${afterAnd} ${window})`
    : `SELECT ${COLUMNS}, NULL::int AS total FROM users u WHERE $1::text IS NULL ${afterAnd} ${window}`;
  const [rows, counter] = await Promise.all([
    db.query<Row & { paid_available: number; cursor_at: string; total: number | null }>(
      `SELECT u.*, ${cursorAt('u.created_at')} AS cursor_at,
              (SELECT p.package_name FROM payments p WHERE p.user_id = u.id AND p.status = 'paid'
                ORDER BY p.paid_at DESC LIMIT 1) AS plan_name,
              t.available AS available_tokens, t.paid AS paid_available
         FROM (${picked}) u
         CROSS JOIN LATERAL (
           SELECT coalesce(sum(l.remaining), 0)::int AS available,
                  coalesce(sum(l.remaining) FILTER (WHERE l.kind = 'paid'), 0)::int AS paid
             FROM token_lots l WHERE l.user_id = u.id AND l.remaining > 0 AND l.expires_at > now()) t
        ORDER BY u.created_at DESC, u.id DESC`,
      [...params, win.limit, win.offset],
    ),
    counted,
  ]);
  // A page past the end has no row to carry the search's total: count it on its own (rare).
  const searched = rows.rows[0]?.total;
  const total = !search
    ? exactTotal(counter ?? 0)
    : searched == null
      ? await cappedCount(db, `FROM users u WHERE ${matching}`, searchParams)
      : searched > COUNT_CAP
        ? { n: COUNT_CAP, capped: true }
        : exactTotal(searched);
  const { page, next } = splitPage(rows.rows, q.limit);
  const users: AdminUser[] = page.map((u) => ({
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    is_verified: u.is_verified,
    reports_generated: u.reports_generated,
    available_tokens: u.available_tokens,
    plan_name: u.plan_name ?? 'Free',
    subscription_status: u.plan_name ? (u.paid_available > 0 ? 'active' : 'expired') : u.is_verified ? 'free' : 'unverified',
    created_at: u.created_at.toISOString(),
    last_login: u.last_login?.toISOString() ?? null,
  }));
  return { users, total, next };
}
