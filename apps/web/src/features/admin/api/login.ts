import { basicAuthorization, type AdminLoginResponse } from '@assay/shared';
import { api } from '../../../lib/api.ts';

/** POST /admin/login: checks the credentials before they are stored. */
export function adminLogin(username: string, password: string): Promise<AdminLoginResponse> {
  return api<AdminLoginResponse>('/admin/login', {
    method: 'POST',
    auth: false,
    headers: { authorization: basicAuthorization(username, password) },
  });
}
