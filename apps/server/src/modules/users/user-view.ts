import type { User } from '@assay/shared';

export interface UserRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  password_hash: string | null;
  google_sub: string | null;
  is_verified: boolean;
  reports_generated: number;
  created_at: Date;
  last_login: Date | null;
}

export const USER_COLUMNS = 'id, name, email, phone, password_hash, google_sub, is_verified, reports_generated, created_at, last_login';

/** The public shape of a user (docs/product.md §3). Never includes hashes or provider ids. */
export function toUserView(u: UserRow): User {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    is_verified: u.is_verified,
    reports_generated: u.reports_generated,
    created_at: u.created_at.toISOString(),
    last_login: u.last_login ? u.last_login.toISOString() : null,
    auth_provider: u.password_hash ? 'password' : 'google',
  };
}
