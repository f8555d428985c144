import { totpSetupResponse } from '../schemas/auth.ts';
import { messageResponse } from '../schemas/auth.ts';
import {
  adminLoginResponse,
  adminSecondFactorRequest,
  auditLogQuery,
  auditLogResponse,
  operatorCreateRequest,
  operatorIdParams,
  operatorListResponse,
  operatorSummary,
  operatorUpdateRequest,
} from '../schemas/operators.ts';
import {
  passkeyIdParams,
  passkeyListResponse,
  passkeyOptionsResponse,
  passkeyRegisterRequest,
  passkeyRenameRequest,
  passkeySignInRequest,
  passkeyView,
} from '../schemas/passkeys.ts';
import { endpoint } from './endpoint.ts';

const tags = ['admin'];

/** Operator sign-in and the audit log. */
export const operatorsEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/admin/login',
    auth: 'operator',
    tags,
    description: 'Checks the basic-authorization credentials: 200 with the username, 401 "Invalid admin credentials".',
    responses: { 200: adminLoginResponse },
  }),
  auditLog: endpoint({
    method: 'GET',
    path: '/admin/audit-log',
    auth: 'operator',
    tags,
    description:
      'Every recorded operator action and sign-in, newest first, filtered by `operator`, `action` and days `from`/`to` (in `tz`); X-Next-Cursor names the next page (`cursor`).',
    query: auditLogQuery,
    responses: { 200: auditLogResponse },
  }),
  operators: endpoint({
    method: 'GET',
    path: '/admin/operators',
    auth: 'operator',
    tags,
    description: 'Every operator account.',
    responses: { 200: operatorListResponse },
  }),
  createOperator: endpoint({
    method: 'POST',
    path: '/admin/operators',
    auth: 'operator',
    tags,
    description: 'Creates a named operator account with its own password (audited as `operator.create` by whoever created it).',
    body: operatorCreateRequest,
    responses: { 201: operatorSummary },
  }),
  updateOperator: endpoint({
    method: 'PATCH',
    path: '/admin/operators/:id',
    auth: 'operator',
    tags,
    description:
      "Sets an operator's public name (shown on posts they write) and/or a new password, which ends their sign-ins at once; audited as `operator.rename` / `operator.password_set`. An unknown operator is a 404.",
    params: operatorIdParams,
    body: operatorUpdateRequest,
    responses: { 200: operatorSummary },
  }),
  removeOperator: endpoint({
    method: 'DELETE',
    path: '/admin/operators/:id',
    auth: 'operator',
    tags,
    description:
      'Removes another operator account (audited as `operator.remove`; their log entries keep their name). Yourself and the ADMIN_USERNAME account cannot be removed (409).',
    params: operatorIdParams,
    responses: { 200: messageResponse },
  }),
  secondFactor: endpoint({
    method: 'POST',
    path: '/admin/second-factor',
    auth: 'operator',
    tags,
    description: "A code from the operator's authenticator app: sets the cookie that every later operator call must carry (decision 191).",
    body: adminSecondFactorRequest,
    responses: { 200: adminLoginResponse },
  }),
  totpSetup: endpoint({
    method: 'POST',
    path: '/admin/totp/setup',
    auth: 'operator',
    tags,
    description: 'A new authenticator secret and QR code for this operator, shown once.',
    responses: { 200: totpSetupResponse },
  }),
  totpEnable: endpoint({
    method: 'POST',
    path: '/admin/totp/enable',
    auth: 'operator',
    tags,
    description: 'Confirms the app with one of its codes.',
    body: adminSecondFactorRequest,
    responses: { 200: adminLoginResponse },
  }),
  // Decision 228: operators' passkeys, from the panel's Security place and at the code step.
  passkeys: endpoint({
    method: 'GET',
    path: '/admin/passkeys',
    auth: 'operator',
    tags,
    description: "This operator's passkeys.",
    responses: { 200: passkeyListResponse },
  }),
  passkeyRegisterOptions: endpoint({
    method: 'POST',
    path: '/admin/passkeys/options',
    auth: 'operator',
    tags,
    description:
      'Starts adding a passkey for this operator: options for navigator.credentials.create. Open before the second factor only to an operator who must enrol (ADMIN_REQUIRE_2FA, no factor yet).',
    responses: { 200: passkeyOptionsResponse },
  }),
  passkeyRegister: endpoint({
    method: 'POST',
    path: '/admin/passkeys',
    auth: 'operator',
    tags,
    description:
      'Finishes adding the passkey (audited as `operator.passkey_added`); from then on it is a second factor of this operator, and the answer sets the second-factor cookie.',
    body: passkeyRegisterRequest,
    responses: { 201: passkeyView },
  }),
  passkeyRename: endpoint({
    method: 'PATCH',
    path: '/admin/passkeys/:id',
    auth: 'operator',
    tags,
    description: "Renames one of this operator's passkeys; another operator's is a 404.",
    params: passkeyIdParams,
    body: passkeyRenameRequest,
    responses: { 200: passkeyView },
  }),
  passkeyRemove: endpoint({
    method: 'DELETE',
    path: '/admin/passkeys/:id',
    auth: 'operator',
    tags,
    description: "Removes one of this operator's passkeys (audited as `operator.passkey_removed`); another operator's is a 404.",
    params: passkeyIdParams,
    responses: { 200: messageResponse },
  }),
  passkeySecondFactorOptions: endpoint({
    method: 'POST',
    path: '/admin/second-factor/passkey/options',
    auth: 'operator',
    tags,
    description: "At the code step: options for one of this operator's passkeys instead of a code.",
    responses: { 200: passkeyOptionsResponse },
  }),
  passkeySecondFactor: endpoint({
    method: 'POST',
    path: '/admin/second-factor/passkey',
    auth: 'operator',
    tags,
    description:
      "The code step answered with one of this operator's passkeys: sets the second-factor cookie, like a code. A member's passkey is refused.",
    body: passkeySignInRequest.pick({ response: true }),
    responses: { 200: adminLoginResponse },
  }),
};
