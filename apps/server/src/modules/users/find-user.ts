import type { Queryable } from '../../db/client.ts';
import { USER_COLUMNS, type UserRow } from './user-view.ts';
import { isUuid } from '../../lib/sql.ts';

export async function findUserById(db: Queryable, id: string, forUpdate = false) {
  if (!isUuid(id)) return undefined;
  const r = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return r.rows[0];
}

export async function findUserByEmail(db: Queryable, email: string, forUpdate = false) {
  const r = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE email = $1${forUpdate ? ' FOR UPDATE' : ''}`, [
    email.toLowerCase(),
  ]);
  return r.rows[0];
}
