import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, publicEndpoints } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import { tokenKeys } from './keys.ts';

/** GET /tokens/balance (member). */
export const fetchBalance = async (signal?: AbortSignal) => call((await publicEndpoints()).tokensEndpoints.balance, { signal });

/** docs/product.md §8: a balance fetch failure is only logged, never toasted. */
export const balanceQuery = queryOptions({
  queryKey: tokenKeys.balance,
  queryFn: async ({ signal }) => {
    try {
      return await fetchBalance(signal);
    } catch (err) {
      console.error('Failed to load the token balance', err);
      throw err;
    }
  },
  meta: { silent: true },
});

/** The signed-in member's balance; idle (no request) for visitors. */
export function useTokenBalance() {
  const { user } = useSession();
  return useQuery({ ...balanceQuery, enabled: Boolean(user) });
}
