/** Payments: Razorpay (or sandbox) orders, verification, webhooks, reconciliation. */
export { purchaseRoutes } from './purchase.routes.ts';
export { reconcileStaleOrders, reconcileStaleOrdersSweep, type ReconcileResult } from './reconcile-stale-orders.ts';
export { processPendingWebhookEvents, processWebhookEvent } from './process-webhook-event.ts';
export type { PurchaseDeps } from './purchase-deps.ts';
export { memberPaymentPages, type MemberPayment } from './member-payments.ts';
export { forgetPayer } from './forget-payer.ts';
