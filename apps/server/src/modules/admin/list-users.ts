import type { AdminUser } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { afterCursor, cappedCount, cursorAt, exactTotal, splitPage } from '../../lib/paging.ts';
import { containsPattern } from '../../lib/sql.ts';
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


/**
 * Members for the operator panel, newest first, searchable by name or email. The plan is the
 * last package bought; a member with unspent paid tokens counts as active.
 * One page by `cursor` (keyset) or `page` (offset); the per-member figures are computed for the
 * page's rows only, from each member's live lots.
 */
export async function listUsers(db: Queryable, q: { q?: string | undefined; page?: number | undefined; cursor?: string | undefined; limit: number }) {
  const search = q.q ? containsPattern(q.q.toLowerCase()) : null;
  const params: unknown[] = [search];
  const where = [`($1::text IS NULL OR lower(u.name) LIKE $1 OR u.email LIKE $1)`];
  const after = afterCursor(q.cursor, 'u.created_at', 'u.id', params);
  if (after) where.push(after);
  const offset = q.cursor ? 0 : ((q.page ?? 1) - 1) * q.limit;
  const total = search ? await cappedCount(db, `FROM users u WHERE ${where[0]}`, [search]) : exactTotal(await readCounter(db, 'users'));
  // A search with few matches gathers them through the trigram indexes and then sorts them
  // (OFFSET 0 keeps PostgreSQL from walking the newest-first index instead, filtering
  // thousands of members to find a page); one with many matches finds a page at once on that walk.
  const members = search && !total.capped
    ? `(SELECT u.* FROM users u WHERE ${where.join(' AND ')} OFFSET 0) u`
    : `users u WHERE ${where.join(' AND ')}`;
  const rows = await db.query<Row & { paid_available: number; cursor_at: string }>(
    `SELECT u.id, u.name, u.email, u.phone, u.is_verified, u.reports_generated, u.created_at, u.last_login,
            ${cursorAt('u.created_at')} AS cursor_at,
            (SELECT p.package_name FROM payments p WHERE p.user_id = u.id AND p.status = 'paid'
              ORDER BY p.paid_at DESC LIMIT 1) AS plan_name,
            t.available AS available_tokens, t.paid AS paid_available
       FROM (SELECT u.* FROM ${members} ORDER BY u.created_at DESC, u.id DESC
             LIMIT $${params.length + 1} OFFSET $${params.length + 2}) u
       CROSS JOIN LATERAL (
         SELECT coalesce(sum(l.remaining), 0)::int AS available,
                coalesce(sum(l.remaining) FILTER (WHERE l.kind = 'paid'), 0)::int AS paid
           FROM token_lots l WHERE l.user_id = u.id AND l.remaining > 0 AND l.expires_at > now()) t
      ORDER BY u.created_at DESC, u.id DESC`,
    [...params, q.limit + 1, offset],
  );
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
