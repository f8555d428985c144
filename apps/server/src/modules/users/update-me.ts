import type { UpdateMeRequest } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { toUserView, USER_COLUMNS, type UserRow } from './user-view.ts';

export async function updateMe(db: Queryable, userId: string, input: Required<UpdateMeRequest>) {
  const r = await db.query<UserRow>(`UPDATE users SET name = $2, phone = $3 WHERE id = $1 RETURNING ${USER_COLUMNS}`, [
    userId,
    input.name,
    input.phone,
  ]);
  if (!r.rows[0]) throw notFound();
  return toUserView(r.rows[0]);
}
