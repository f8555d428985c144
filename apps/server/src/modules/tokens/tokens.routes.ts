import { tokenBalanceSchema, tokenPackagesResponse } from '@assay/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import type { AppInstance } from '../../http/types.ts';
import { member, requireMember } from '../auth/index.ts';
import { getBalance } from './get-balance.ts';
import { listPackages } from './list-packages.ts';
import { saveLedgerSettings } from './settings.ts';

export function tokensRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    await saveLedgerSettings(deps.db, deps.config);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['tokens'];

    r.get('/tokens/packages', { schema: { tags, response: { 200: tokenPackagesResponse } } }, async () =>
      listPackages(deps.db));

    r.get('/tokens/balance', {
      schema: { tags, security: [{ bearer: [] }], response: { 200: tokenBalanceSchema } },
      preHandler: requireMember(deps),
    }, async (req) => getBalance(deps.db, member(req).userId));
  };
}
