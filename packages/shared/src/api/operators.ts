import { adminLoginResponse, auditLogQuery, auditLogResponse } from '../schemas/operators.ts';
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
};
