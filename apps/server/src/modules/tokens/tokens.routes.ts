import { tokensEndpoints as e } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { member } from '../../http/member-guard.ts';
import { route } from '../../http/route.ts';
import type { AppInstance } from '../../http/types.ts';
import { getBalance } from './get-balance.ts';
import { listPackages } from './list-packages.ts';
import { saveLedgerSettings } from './settings.ts';

export function tokensRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    await saveLedgerSettings(deps.db, deps.config);
    route(app, e.packages, async () => listPackages(deps.db));
    route(app, e.balance, async (req) => getBalance(deps.db, member(req).userId));
  };
}
