import { expertEarningsEndpoints as earn, followUpEndpoints as fu } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { expert } from '../../http/expert-guard.ts';
import { member } from '../../http/member-guard.ts';
import { operator } from '../../http/operator-guard.ts';
import { route } from '../../http/route.ts';
import type { AppInstance } from '../../http/types.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import { audit } from '../operators/index.ts';
import { answerFollowUp } from './answer-follow-up.ts';
import { askFollowUp } from './ask-follow-up.ts';
import { readAssignment } from './expert-assignments.ts';
import { expertOwnEarnings, listExpertEarnings } from './expert-earnings.ts';
import { exportEarnings } from './export-earnings.ts';
import { recordPayout } from './record-payout.ts';

/** Decision 234: the follow-up round, the experts' earnings, the payout export and payouts. */
export function reviewMoneyRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    route(app, fu.ask, async (req) => askFollowUp(deps, req.params.id, member(req).userId, req.body));
    route(app, fu.answer, async (req) => {
      await answerFollowUp(deps, req.params.id, expert(req), req.body);
      return readAssignment(deps, req.params.id, expert(req));
    });

    route(app, earn.summary, async () => listExpertEarnings(deps));
    route(app, earn.recordPayout, async (req) => recordPayout(deps, operator(req), req.params.id, req.body));
    route(app, earn.export, async (req, reply) => {
      const by = operator(req);
      const { from, to, expert_id } = req.query;
      if (expert_id !== undefined && !isUuid(expert_id)) throw notFound();
      const csv = exportEarnings(deps.db, { from, to, expertId: expert_id }, async (count, complete) => {
        await audit(deps.db, by, 'expert.earnings_export', null, { count, complete, from, to, expert_id: expert_id ?? null });
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="expert-earnings-${from}-to-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    });
    route(app, earn.mine, async (req) => expertOwnEarnings(deps, expert(req)));
  };
}
