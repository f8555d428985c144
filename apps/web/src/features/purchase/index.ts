/**
 * What other features may use of purchase, buying tokens (the only door: .dependency-cruiser.cjs,
 * web-feature-through-index): the purchase dialog and the hook that runs its flow.
 */
export { PurchaseModal } from './components/PurchaseModal.tsx';
export { usePurchase } from './hooks/usePurchase.ts';
