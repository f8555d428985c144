/** What other features may use from billing. */
export { tokenKeys } from './api/keys.ts';
export { balanceQuery, fetchBalance, useTokenBalance } from './api/balance.ts';
export { BalanceBadge } from './components/BalanceBadge.tsx';
export { BuyTokensModal } from './components/BuyTokensModal.tsx';
