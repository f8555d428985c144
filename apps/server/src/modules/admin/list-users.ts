import type { AdminUser } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { containsPattern } from '../../lib/sql.ts';

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
 */
export async function listUsers(db: Queryable, q: { q?: string | undefined; page?: number | undefined; limit: number }) {
  const search = q.q ? containsPattern(q.q.toLowerCase()) : null;
  const where = `($1::text IS NULL OR lower(u.name) LIKE $1 OR u.email LIKE $1)`;
  const offset = ((q.page ?? 1) - 1) * q.limit;
  const [rows, total] = await Promise.all([
    db.query<Row & { paid_available: number }>(
      `SELECT u.id, u.name, u.email, u.phone, u.is_verified, u.reports_generated, u.created_at, u.last_login,
              (SELECT p.package_name FROM payments p WHERE p.user_id = u.id AND p.status = 'paid'
                ORDER BY p.paid_at DESC LIMIT 1) AS plan_name,
              COALESCE((SELECT sum(l.remaining) FROM token_lots l WHERE l.user_id = u.id AND l.expires_at > now()), 0)::int AS available_tokens,
              COALESCE((SELECT sum(l.remaining) FROM token_lots l WHERE l.user_id = u.id AND l.expires_at > now() AND l.kind = 'paid'), 0)::int AS paid_available
         FROM users u WHERE ${where}
        ORDER BY u.created_at DESC, u.id LIMIT $2 OFFSET $3`,
      [search, q.limit, offset],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u WHERE ${where}`, [search]),
  ]);
  const users: AdminUser[] = rows.rows.map((u) => ({
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
  return { users, total: total.rows[0]!.n };
}
