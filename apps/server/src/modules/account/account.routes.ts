import { usersEndpoints as e } from '@assay/shared';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { Deps } from '../../deps.ts';
import { member } from '../../http/member-guard.ts';
import { route } from '../../http/route.ts';
import type { AppInstance } from '../../http/types.ts';
import { unauthorized } from '../../lib/errors.ts';
import { REFRESH_COOKIE, sendDeletionCode } from '../auth/index.ts';
import { findUserById } from '../users/index.ts';
import { deleteAccount } from './delete-account.ts';
import { openExport } from './download-export.ts';
import { requestExport } from './request-export.ts';

/** A finished data export, never cached (it is the member's data). */
function sendZip(reply: FastifyReply, file: { body: Readable; size: number; filename: string }) {
  return reply
    .type('application/zip')
    .header('content-length', file.size)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .header('referrer-policy', 'no-referrer')
    .send(file.body);
}

/** The member's own data: the export and deleting the account. */
export function accountRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    route(app, e.exportData, async (req, reply) => {
      reply.code(202);
      return requestExport(deps, member(req).userId);
    });
    route(app, e.exportFile, async (req, reply) => sendZip(reply, await openExport(deps, req.params.id, { userId: member(req).userId })));
    route(app, e.exportLink, async (req, reply) => {
      const file = await openExport(deps, req.params.id, { key: req.query.key });
      // A member with a second factor downloads it signed in, from her profile (decision 190).
      if ('signInRequired' in file)
        return reply
          .header('referrer-policy', 'no-referrer')
          .redirect(`/profile?export=${encodeURIComponent(req.params.id)}#your-data`, 303);
      return sendZip(reply, file);
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
