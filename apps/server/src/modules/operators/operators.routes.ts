import { operatorsEndpoints as e } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { operator } from '../../http/operator-guard.ts';
import { route } from '../../http/route.ts';
import type { AppInstance } from '../../http/types.ts';
import { audit } from '../../lib/audit.ts';
import { pageHeaders } from '../../lib/paging.ts';
import { createOperator, listOperators } from './create-operator.ts';
import { listAuditLog } from './list-audit-log.ts';
import { removeOperator } from './remove-operator.ts';
import { updateOperator } from './update-operator.ts';
import { operatorSecondFactor, operatorTotpEnable, operatorTotpSetup } from './operator-second-factor.ts';
import { operatorSecondFactorMethods } from '../../http/operator-second-factor.ts';
import {
  listOperatorPasskeys,
  operatorPasskeyRegistrationOptions,
  operatorPasskeySecondFactor,
  operatorPasskeySecondFactorOptions,
  registerOperatorPasskey,
  removeOperatorPasskey,
  renameOperatorPasskey,
} from './operator-passkeys.ts';

export function operatorsRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    // The panel's sign-in screen calls this once; every later call carries the same credentials,
    // so this is the one that counts as signing in (in the log, with the address).
    route(app, e.login, async (req) => {
      const op = operator(req);
      await deps.db.transaction(async (tx) => {
        await tx.query('UPDATE operators SET last_login_at = now() WHERE id = $1', [op.id]);
        await audit(tx, op, 'operator.sign_in', `operator:${op.id}`, { ip: req.ip });
      });
      const secondFactor = req.operatorSecondFactor ?? 'ok';
      if (secondFactor !== 'required') return { username: op.username, second_factor: secondFactor };
      // Which factors to offer at the code step: the app's code, a passkey, or both (decision 228).
      return { username: op.username, second_factor: secondFactor, methods: await operatorSecondFactorMethods(deps.db, op.id) };
    });

    route(app, e.secondFactor, async (req, reply) => operatorSecondFactor(deps, req, reply, req.body.otp));
    route(app, e.totpSetup, async (req) => operatorTotpSetup(deps, req));
    route(app, e.totpEnable, async (req, reply) => operatorTotpEnable(deps, req, reply, req.body.otp));
    route(app, e.passkeySecondFactorOptions, async (req) => operatorPasskeySecondFactorOptions(deps, req));
    route(app, e.passkeySecondFactor, async (req, reply) => operatorPasskeySecondFactor(deps, req, reply, req.body.response));

    route(app, e.passkeys, async (req) => listOperatorPasskeys(deps, req));
    route(app, e.passkeyRegisterOptions, async (req) => operatorPasskeyRegistrationOptions(deps, req));
    route(app, e.passkeyRegister, async (req, reply) => registerOperatorPasskey(deps, req, reply, req.body));
    route(app, e.passkeyRename, async (req) => renameOperatorPasskey(deps, req, req.params.id, req.body.name));
    route(app, e.passkeyRemove, async (req) => removeOperatorPasskey(deps, req, req.params.id));

    route(app, e.operators, async () => listOperators(deps));
    route(app, e.createOperator, async (req) =>
      createOperator(deps, operator(req), req.body.username, req.body.password, req.body.display_name ?? null),
    );
    route(app, e.updateOperator, async (req) => updateOperator(deps, operator(req), req.params.id, req.body));
    route(app, e.removeOperator, async (req) => removeOperator(deps, operator(req), req.params.id));

    route(app, e.auditLog, async (req, reply) => {
      const { entries, next } = await listAuditLog(deps.db, req.query);
      pageHeaders(reply, { next });
      return { entries };
    });
  };
}
