/**
 * What other features may use of billing (the only door: .dependency-cruiser.cjs, web-feature-through-index):
 * the balance and the token query keys, the buyer's billing details (the form, and the country the
 * purchase flow asks for first), and refunds (a token amount is written with @assay/shared's formatTokens).
 */
export { balanceQuery, useTokenBalance } from './api/balance.ts';
export { tokenKeys } from './api/keys.ts';
export { fetchBillingDetails, saveBillingDetails } from './api/billing-details.ts';
export { BillingDetailsForm } from './components/BillingDetailsForm.tsx';
export { BillingCountryFields, billedTo } from './components/BillingCountryFields.tsx';
export { RefundRequestButton, type RefundRequestButtonProps } from './components/RefundRequestButton.tsx';
export { downloadCreditNote } from './api/refunds.ts';
export { RefundStatus } from './components/RefundStatus.tsx';
