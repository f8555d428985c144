import { totpSetupResponse } from '../schemas/auth.ts';
import { messageResponse } from '../schemas/auth.ts';
import {
  adminLoginResponse, adminSecondFactorRequest, auditLogQuery, auditLogResponse, operatorCreateRequest, operatorIdParams, operatorListResponse, operatorSummary,
  operatorUpdateRequest,
} from '../schemas/operators.ts';
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
    description: 'Every recorded operator action and sign-in, newest first, filtered by `operator`, `action` and days `from`/`to` (in `tz`); X-Next-Cursor names the next page (`cursor`).',
    query: auditLogQuery,
    responses: { 200: auditLogResponse },
  }),
  operators: endpoint({
    method: 'GET', path: '/admin/operators', auth: 'operator', tags, description: 'Every operator account.', responses: { 200: operatorListResponse },
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
    description: 'Sets an operator\'s public name (shown on posts they write) and/or a new password, which ends their sign-ins at once; audited as `operator.rename` / `operator.password_set`. An unknown operator is a 404.',
    params: operatorIdParams,
    body: operatorUpdateRequest,
    responses: { 200: operatorSummary },
  }),
  removeOperator: endpoint({
    method: 'DELETE',
    path: '/admin/operators/:id',
    auth: 'operator',
    tags,
    description: 'Removes another operator account (audited as `operator.remove`; their log entries keep their name). Yourself and the ADMIN_USERNAME account cannot be removed (409).',
    params: operatorIdParams,
    responses: { 200: messageResponse },
  }),
  secondFactor: endpoint({
    method: 'POST',
    path: '/admin/second-factor',
    auth: 'operator',
    tags,
    description: 'A code from the operator\'s authenticator app: sets the cookie that every later operator call must carry (decision 191).',
    body: adminSecondFactorRequest,
    responses: { 200: adminLoginResponse },
  }),
  totpSetup: endpoint({
    method: 'POST', path: '/admin/totp/setup', auth: 'operator', tags, description: 'A new authenticator secret and QR code for this operator, shown once.',
    responses: { 200: totpSetupResponse },
  }),
  totpEnable: endpoint({
    method: 'POST', path: '/admin/totp/enable', auth: 'operator', tags, description: 'Confirms the app with one of its codes.',
    body: adminSecondFactorRequest, responses: { 200: adminLoginResponse },
  }),
};
