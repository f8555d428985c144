import { adminLoginResponse, auditLogQuery, auditLogResponse } from '@assay/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import type { AppInstance } from '../../http/types.ts';
import { listAuditLog } from './list-audit-log.ts';
import { operator, requireOperator } from './require-operator.ts';

export function operatorsRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const schema = { tags: ['admin'], security: [{ admin: [] }] };
    r.addHook('preHandler', requireOperator(deps));

    r.post('/admin/login', {
      schema: {
        ...schema,
        description: 'Checks the basic-authorization credentials: 200 with the username, 401 "Invalid admin credentials".',
        response: { 200: adminLoginResponse },
      },
    }, async (req) => {
      const op = operator(req);
      await deps.db.query('UPDATE operators SET last_login_at = now() WHERE id = $1', [op.id]);
      return { username: op.username };
    });

    r.get('/admin/audit-log', { schema: { ...schema, querystring: auditLogQuery, response: { 200: auditLogResponse } } },
      async (req) => listAuditLog(deps.db, req.query));
  };
}
