import { usersEndpoints as e } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { member } from '../../http/member-guard.ts';
import { route } from '../../http/route.ts';
import type { AppInstance } from '../../http/types.ts';
import { unauthorized } from '../../lib/errors.ts';
import { REFRESH_COOKIE, sendDeletionCode } from '../auth/index.ts';
import { findUserById } from '../users/index.ts';
import { deleteAccount } from './delete-account.ts';
import { exportAccount } from './export-account.ts';

/** The member's own data: the export and deleting the account. */
export function accountRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    route(app, e.exportData, async (req, reply) => {
      const { stream, filename } = await exportAccount(deps, member(req).userId);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    });

    route(app, e.deletionCode, async (req) => {
      const user = await findUserById(deps.db, member(req).userId);
      if (!user) throw unauthorized();
      return sendDeletionCode(deps, user);
    });

    route(app, e.deleteMe, async (req, reply) => {
      const result = await deleteAccount(deps, member(req).userId, req.body, req.ip);
      reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
      return result;
    });
  };
}
