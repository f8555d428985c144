import { expertApplicationsEndpoints as apps, expertSecurityEndpoints as sec } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { expert } from '../../http/expert-guard.ts';
import { operator } from '../../http/operator-guard.ts';
import { route } from '../../http/route.ts';
import type { AppInstance } from '../../http/types.ts';
import { declineApplication, listApplications, submitApplication } from './expert-applications.ts';
import { EXPERT_DEVICE_COOKIE } from './expert-sessions.ts';
import {
  expertNewRecoveryCodes,
  expertSecondFactor,
  expertSecurity,
  expertTotpDisable,
  expertTotpEnable,
  expertTotpSetup,
} from './expert-two-factor.ts';

/** Decision 235: experts' two-factor sign-in, and Join-as-Expert applications. */
export function expertAccessRoutes(deps: Deps, app: AppInstance) {
  route(app, sec.secondFactor, async (req, reply) =>
    expertSecondFactor(deps, reply, req.body.challenge, req.body.code, { ip: req.ip, deviceCookie: req.cookies[EXPERT_DEVICE_COOKIE] }),
  );
  route(app, sec.security, async (req) => expertSecurity(deps, expert(req)));
  route(app, sec.totpSetup, async (req) => expertTotpSetup(deps, expert(req), req.body.password));
  route(app, sec.totpEnable, async (req) => expertTotpEnable(deps, expert(req), req.body.code));
  route(app, sec.totpDisable, async (req) => expertTotpDisable(deps, expert(req), req.body.password));
  route(app, sec.recoveryCodes, async (req) => expertNewRecoveryCodes(deps, expert(req), req.body.password));

  route(app, apps.submit, async (req) => submitApplication(deps, req.body, req.ip));
  route(app, apps.list, async (req) => listApplications(deps, req.query.state));
  route(app, apps.decline, async (req) => declineApplication(deps, req.params.id, operator(req)));
}
