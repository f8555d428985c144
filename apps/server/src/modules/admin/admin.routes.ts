import { adminListQuery, adminReportView, adminStatsView, adminUserView, pathParam, transactionView } from '@assay/shared';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { AppInstance } from '../../http/types.ts';
import { notFound } from '../../lib/errors.ts';
import { requireOperator } from '../operators/index.ts';
import { findUserById } from '../users/index.ts';
import { getStats } from './get-stats.ts';
import { listTransactions } from './list-transactions.ts';
import { listUserReports } from './list-user-reports.ts';
import { listUsers } from './list-users.ts';

const tags = ['operator'];
const security = [{ admin: [] }];
const userParams = z.object({ id: pathParam(100) });

/** The operator panel's read calls (SPEC section 7). Lists answer arrays, with X-Total-Count. */
export function adminRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.addHook('preHandler', requireOperator(deps));
    const total = (reply: FastifyReply, n: number) => reply.header('x-total-count', String(n));
    const existingUser = async (id: string) => {
      const user = await findUserById(deps.db, id);
      if (!user) throw notFound('User not found');
      return user;
    };

    r.get('/admin/users', { schema: { tags, security, querystring: adminListQuery, response: { 200: z.array(adminUserView) } } },
      async (req, reply) => {
        const { users, total: n } = await listUsers(deps.db, req.query);
        total(reply, n);
        return users;
      });

    r.get('/admin/users/:id/reports', { schema: { tags, security, params: userParams, response: { 200: z.array(adminReportView) } } },
      async (req) => listUserReports(deps.db, (await existingUser(req.params.id)).id));

    r.get('/admin/users/:id/transactions', {
      schema: { tags, security, params: userParams, response: { 200: z.array(transactionView) } },
    }, async (req) => (await listTransactions(deps.db, { userId: (await existingUser(req.params.id)).id, limit: 500 })).transactions);

    r.get('/admin/transactions', { schema: { tags, security, querystring: adminListQuery, response: { 200: z.array(transactionView) } } },
      async (req, reply) => {
        const { transactions, total: n } = await listTransactions(deps.db, req.query);
        total(reply, n);
        return transactions;
      });

    r.get('/admin/stats', { schema: { tags, security, response: { 200: adminStatsView } } }, async () => getStats(deps.db));
  };
}
