import { basicAuthorization, operatorsEndpoints } from '@assay/shared';
import type { PasskeyAuthenticationResponse } from '@assay/shared';
import { call } from '../../../lib/api.ts';
import { asOperator } from '../lib/admin-api.ts';

/** The operator's own passkeys (decision 228), with the stored credentials. */
export const fetchOperatorPasskeys = () => asOperator((authorization) => call(operatorsEndpoints.passkeys, { authorization }));
export const renameOperatorPasskey = (id: number, name: string) =>
  asOperator((authorization) => call(operatorsEndpoints.passkeyRename, { params: { id: String(id) }, body: { name }, authorization }));
export const removeOperatorPasskey = (id: number) =>
  asOperator((authorization) => call(operatorsEndpoints.passkeyRemove, { params: { id: String(id) }, authorization }));

/**
 * Adding one: from the panel with the stored credentials, or — at sign-in, when ADMIN_REQUIRE_2FA
 * asks for a first factor — with the credentials being checked (not stored yet).
 */
export const operatorPasskeyOptions = (authorization: string) => call(operatorsEndpoints.passkeyRegisterOptions, { authorization });
/** `response` is the browser's answer as @simplewebauthn/browser makes it; the server's schema checks it. */
export const addOperatorPasskey = (authorization: string, name: string, response: unknown) =>
  call(operatorsEndpoints.passkeyRegister, { authorization, body: { name, response: response as never } });

/** The code step with a passkey: options for this operator's passkeys, then the signed answer. */
export async function adminPasskeySecondFactor(
  username: string,
  password: string,
  sign: (options: Record<string, unknown>) => Promise<PasskeyAuthenticationResponse>,
) {
  const authorization = basicAuthorization(username, password);
  const { options } = await call(operatorsEndpoints.passkeySecondFactorOptions, { authorization });
  return call(operatorsEndpoints.passkeySecondFactor, { authorization, body: { response: await sign(options) } });
}
