import { adminExpertsEndpoints as admin, expertEndpoints as ex, reviewsEndpoints as rv } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { expert } from '../../http/expert-guard.ts';
import { member } from '../../http/member-guard.ts';
import { operator } from '../../http/operator-guard.ts';
import { route } from '../../http/route.ts';
import type { AppInstance } from '../../http/types.ts';
import { sendPdf } from '../reports/index.ts';
import { assignReview } from './assign-review.ts';
import { cancelByMember, cancelByOperator } from './cancel-review.ts';
import { deliverReview } from './deliver-review.ts';
import { expertAccessRoutes } from './expert-access.routes.ts';
import { listAssignments, openAssignmentPdf, readAssignment } from './expert-assignments.ts';
import {
  acceptInvitation,
  acceptUndertaking,
  EXPERT_DEVICE_COOKIE,
  expertLogin,
  expertLogout,
  expertMe,
  setPaused,
} from './expert-sessions.ts';
import { inviteExpert, listExperts } from './invite-expert.ts';
import { rateReview } from './rate-review.ts';
import { listMemberRequests, quoteReview, requestReview } from './request-review.ts';
import { openReviewedPdf } from './open-reviewed-pdf.ts';
import { readReviewDraft } from './read-review-draft.ts';
import { saveReviewDraft } from './save-review-draft.ts';
import { acceptOffer, declineOffer } from './respond-to-offer.ts';
import { toAdminReviewRequestView, toReviewRequestView } from './review-request-row.ts';
import { reviewMoneyRoutes } from './review-money.routes.ts';
import { listReviewQueue } from './review-queue.ts';

/** Issue 28: the member's review requests, the operator's experts and queue, the expert portal. */
export function expertsRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    // The member.
    route(app, rv.quote, async (req) => quoteReview(deps, req.params.id, member(req).userId));
    route(app, rv.create, async (req) => requestReview(deps, req.params.id, member(req).userId, req.body));
    route(app, rv.list, async (req) => listMemberRequests(deps, member(req).userId, req.query.report_id));
    route(app, rv.cancel, async (req) => toReviewRequestView(await cancelByMember(deps, req.params.id, member(req).userId)));
    route(app, rv.rate, async (req) => rateReview(deps, req.params.id, member(req).userId, req.body));
    route(app, rv.pdf, async (req, reply) => sendPdf(reply, await openReviewedPdf(deps, req.params.id, member(req).userId)));

    // The operator.
    route(app, admin.experts, async () => listExperts(deps));
    route(app, admin.invite, async (req) => inviteExpert(deps, operator(req), req.body));
    route(app, admin.queue, async (req) => listReviewQueue(deps, req.query.state));
    route(app, admin.assign, async (req) =>
      toAdminReviewRequestView(await assignReview(deps, req.params.id, req.body.expert_id, operator(req))),
    );
    route(app, admin.cancel, async (req) => toAdminReviewRequestView(await cancelByOperator(deps, req.params.id, operator(req))));

    // The expert.
    route(app, ex.acceptInvitation, async (req, reply) => acceptInvitation(deps, reply, req.body.token, req.body.password));
    route(app, ex.login, async (req, reply) =>
      expertLogin(deps, reply, req.body.email, req.body.password, { ip: req.ip, deviceCookie: req.cookies[EXPERT_DEVICE_COOKIE] }),
    );
    route(app, ex.logout, async (req, reply) => expertLogout(deps, reply, expert(req)));
    route(app, ex.me, async (req) => expertMe(deps, expert(req)));
    route(app, ex.acceptUndertaking, async (req) => acceptUndertaking(deps, expert(req)));
    route(app, ex.pause, async (req) => setPaused(deps, expert(req), req.body.paused));
    route(app, ex.assignments, async (req) => listAssignments(deps, expert(req)));
    route(app, ex.assignment, async (req) => readAssignment(deps, req.params.id, expert(req)));
    route(app, ex.pdf, async (req, reply) => sendPdf(reply, await openAssignmentPdf(deps, req.params.id, expert(req)), 'inline'));
    route(app, ex.draft, async (req) => readReviewDraft(deps, req.params.id, expert(req)));
    route(app, ex.saveDraft, async (req) => saveReviewDraft(deps, req.params.id, expert(req), req.body));
    route(app, ex.accept, async (req) => {
      await acceptOffer(deps, req.params.id, expert(req));
      return readAssignment(deps, req.params.id, expert(req));
    });
    route(app, ex.decline, async (req) => {
      await declineOffer(deps, req.params.id, expert(req));
      return { message: 'Declined: the review goes back to the queue for another expert' };
    });
    route(app, ex.submit, async (req) => {
      await deliverReview(deps, req.params.id, expert(req), req.body);
      return readAssignment(deps, req.params.id, expert(req));
    });

    // Two-factor sign-in and Join-as-Expert applications (decision 235).
    expertAccessRoutes(deps, app);
    // Decision 234: the follow-up round, earnings and payouts.
    await reviewMoneyRoutes(deps)(app);
  };
}
