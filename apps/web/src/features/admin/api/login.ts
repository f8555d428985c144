import { basicAuthorization, operatorsEndpoints } from '@assay/shared';
import { call } from '../../../lib/api.ts';

/** POST /admin/login: checks the credentials before they are stored; says whether a code is needed (decision 191). */
export function adminLogin(username: string, password: string) {
  return call(operatorsEndpoints.login, { authorization: basicAuthorization(username, password) });
}

/** POST /admin/second-factor: the code from the operator's app; the server sets its cookie. */
export function adminSecondFactor(username: string, password: string, otp: string) {
  return call(operatorsEndpoints.secondFactor, { authorization: basicAuthorization(username, password), body: { otp } });
}

/** POST /admin/totp/setup and /admin/totp/enable: adding an app when ADMIN_REQUIRE_2FA asks for one. */
export function adminTotpSetup(username: string, password: string) {
  return call(operatorsEndpoints.totpSetup, { authorization: basicAuthorization(username, password) });
}
export function adminTotpEnable(username: string, password: string, otp: string) {
  return call(operatorsEndpoints.totpEnable, { authorization: basicAuthorization(username, password), body: { otp } });
}
