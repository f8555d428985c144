/**
 * What other features may use of billing (the only door: .dependency-cruiser.cjs, web-feature-through-index):
 * the balance, the token query keys, the purchase dialog with its flow, and the buyer's billing details form.
 */
export { balanceQuery, useTokenBalance } from './api/balance.ts';
export { tokenKeys } from './api/keys.ts';
export { PurchaseModal } from './components/PurchaseModal.tsx';
export { usePurchase } from './hooks/usePurchase.ts';
export { BillingDetailsForm } from './components/BillingDetailsForm.tsx';
export { RefundRequestButton, type RefundRequestButtonProps } from './components/RefundRequestButton.tsx';
export { downloadCreditNote } from './api/refunds.ts';
export { RefundStatus } from './components/RefundStatus.tsx';
