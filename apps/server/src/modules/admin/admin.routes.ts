import { adminListQuery, adminReportView, adminStatsView, adminUserView, listCursor, pathParam, transactionView } from '@assay/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { AppInstance } from '../../http/types.ts';
import { notFound } from '../../lib/errors.ts';
import { pageHeaders } from '../../lib/paging.ts';
import { requireOperator } from '../operators/index.ts';
import { findUserById } from '../users/index.ts';
import { getStats } from './get-stats.ts';
import { listTransactions } from './list-transactions.ts';
import { listUserReports } from './list-user-reports.ts';
import { listUsers } from './list-users.ts';

const tags = ['operator'];
const security = [{ admin: [] }];
const userParams = z.object({ id: pathParam(100) });
/** A member's card lists: the newest 500, then X-Next-Cursor. */
const memberListQuery = z.object({ cursor: listCursor, limit: z.coerce.number().int().min(1).max(500).default(500) });

/**
 * The operator panel's read calls (SPEC section 7). Lists answer one page as an array, with
 * X-Total-Count (X-Total-Count-Capped when it is a lower bound) and X-Next-Cursor.
 */
export function adminRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.addHook('preHandler', requireOperator(deps));
    const existingUser = async (id: string) => {
      const user = await findUserById(deps.db, id);
      if (!user) throw notFound('User not found');
      return user;
    };

    r.get('/admin/users', { schema: { tags, security, querystring: adminListQuery, response: { 200: z.array(adminUserView) } } },
      async (req, reply) => {
        const { users, total, next } = await listUsers(deps.db, req.query);
        pageHeaders(reply, { total, next });
        return users;
      });

    r.get('/admin/users/:id/reports', {
      schema: { tags, security, params: userParams, querystring: memberListQuery, response: { 200: z.array(adminReportView) } },
    }, async (req, reply) => {
      const { reports, next } = await listUserReports(deps.db, (await existingUser(req.params.id)).id, req.query);
      pageHeaders(reply, { next });
      return reports;
    });

    r.get('/admin/users/:id/transactions', {
      schema: { tags, security, params: userParams, response: { 200: z.array(transactionView) } },
    }, async (req) => (await listTransactions(deps.db, { userId: (await existingUser(req.params.id)).id, limit: 500 })).transactions);

    r.get('/admin/transactions', { schema: { tags, security, querystring: adminListQuery, response: { 200: z.array(transactionView) } } },
      async (req, reply) => {
        const { transactions, total, next } = await listTransactions(deps.db, req.query);
        pageHeaders(reply, { total, next });
        return transactions;
      });

    r.get('/admin/stats', { schema: { tags, security, response: { 200: adminStatsView } } }, async () => getStats(deps.db));
  };
}
