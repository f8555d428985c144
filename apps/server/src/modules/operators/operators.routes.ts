import { operatorsEndpoints as e } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { operator } from '../../http/operator-guard.ts';
import { route } from '../../http/route.ts';
import type { AppInstance } from '../../http/types.ts';
import { listAuditLog } from './list-audit-log.ts';

export function operatorsRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    route(app, e.login, async (req) => {
      const op = operator(req);
      await deps.db.query('UPDATE operators SET last_login_at = now() WHERE id = $1', [op.id]);
      return { username: op.username };
    });

    route(app, e.auditLog, async (req) => listAuditLog(deps.db, req.query));
  };
}
