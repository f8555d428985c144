import { adminEndpoints as e } from '@assay/shared';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { Deps } from '../../deps.ts';
import { operator } from '../../http/operator-guard.ts';
import { route } from '../../http/route.ts';
import type { AppInstance } from '../../http/types.ts';
import { notFound } from '../../lib/errors.ts';
import { pageHeaders } from '../../lib/paging.ts';
import { approveRefund, declineRefund, listRefunds, readRefund } from '../billing/index.ts';
import { findUserById } from '../users/index.ts';
import { audit } from '../operators/index.ts';
import { adjustMemberTokens } from './adjust-member-tokens.ts';
import { exportTransactions, exportUsers } from './export-lists.ts';
import { getStats } from './get-stats.ts';
import { listEvidenceSources } from './list-evidence-sources.ts';
import { listTransactions } from './list-transactions.ts';
import { listUserReports } from './list-user-reports.ts';
import { listUsers } from './list-users.ts';

/**
 * The operator panel's calls (docs/product.md §7): reads (lists carry their paging in headers) and
 * the manual token grant or deduction.
 */
export function adminRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    const existingUser = async (id: string) => {
      const user = await findUserById(deps.db, id);
      if (!user) throw notFound('User not found');
      return user;
    };

    route(app, e.users, async (req, reply) => {
      const { users, total, next } = await listUsers(deps.db, req.query);
      pageHeaders(reply, { total, next });
      return users;
    });

    // The Excel exports stream, a keyset page at a time (docs/decisions/183-operator-exports-stream.md);
    // the audit entry is written when the file ends, with how many rows went out.
    const sendSheet = (reply: FastifyReply, what: string, sheet: Readable) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type(e.usersExport.produces)
        .header('content-disposition', `attachment; filename="${what}-${day}.xlsx"`)
        .header('cache-control', 'no-store')
        .send(sheet);
    };

    route(app, e.usersExport, async (req, reply) => {
      const by = operator(req);
      const filter = req.query.q ? { q: req.query.q } : {};
      return sendSheet(
        reply,
        'users',
        exportUsers(deps.db, req.query.q, (count, complete) =>
          audit(deps.db, by, 'users.export', null, { count, complete, filter }).catch((err: unknown) =>
            req.log.error({ err }, 'export audit entry failed'),
          ),
        ),
      );
    });

    route(app, e.transactionsExport, async (req, reply) => {
      const by = operator(req);
      const filter = Object.fromEntries(Object.entries(req.query).filter(([, v]) => v));
      return sendSheet(
        reply,
        'transactions',
        exportTransactions(deps.db, req.query, (count, complete) =>
          audit(deps.db, by, 'transactions.export', null, { count, complete, filter }).catch((err: unknown) =>
            req.log.error({ err }, 'export audit entry failed'),
          ),
        ),
      );
    });

    route(app, e.userReports, async (req, reply) => {
      const { reports, next } = await listUserReports(deps.db, (await existingUser(req.params.id)).id, req.query);
      pageHeaders(reply, { next });
      return reports;
    });

    // One page of the member's purchases, then the next by cursor (the card once took 500 rows at once).
    route(app, e.userTransactions, async (req, reply) => {
      const { transactions, next } = await listTransactions(deps.db, { userId: (await existingUser(req.params.id)).id, ...req.query });
      pageHeaders(reply, { next });
      return transactions;
    });

    route(app, e.transactions, async (req, reply) => {
      const { transactions, total, next } = await listTransactions(deps.db, req.query);
      pageHeaders(reply, { total, next });
      return transactions;
    });

    route(app, e.adjustTokens, async (req, reply) => {
      const { adjustment, created } = await adjustMemberTokens(
        deps.db,
        operator(req),
        (await existingUser(req.params.id)).id,
        req.body,
        req.headers['idempotency-key'],
      );
      reply.code(created ? 201 : 200);
      return adjustment;
    });

    route(app, e.stats, async () => getStats(deps.db));
    route(app, e.evidenceSources, async () => listEvidenceSources(deps.db, deps.reportPorts.evidence));

    // Refund requests (modules/billing, docs/decisions/135-refunds.md).
    route(app, e.refunds, async (req, reply) => {
      const { next, ...list } = await listRefunds(deps.db, req.query);
      pageHeaders(reply, { next });
      return list;
    });
    route(app, e.refund, async (req) => readRefund(deps.db, req.params.id));
    route(app, e.approveRefund, async (req) => approveRefund(deps, operator(req), req.params.id));
    route(app, e.declineRefund, async (req) => declineRefund(deps, operator(req), req.params.id, req.body.reason));
  };
}
