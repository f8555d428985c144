import { tokenBalanceSchema, tokenPackagesResponse } from '../schemas/tokens.ts';
import { endpoint } from './endpoint.ts';

const tags = ['tokens'];

/** Token packages and the member's balance. */
export const tokensEndpoints = {
  packages: endpoint({ method: 'GET', path: '/tokens/packages', auth: 'public', tags, responses: { 200: tokenPackagesResponse } }),
  balance: endpoint({ method: 'GET', path: '/tokens/balance', auth: 'member', tags, responses: { 200: tokenBalanceSchema } }),
};
