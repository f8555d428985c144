import { basicAuthorization, operatorsEndpoints } from '@assay/shared';
import { call } from '../../../lib/api.ts';

/** POST /admin/login: checks the credentials before they are stored. */
export function adminLogin(username: string, password: string) {
  return call(operatorsEndpoints.login, { authorization: basicAuthorization(username, password) });
}
