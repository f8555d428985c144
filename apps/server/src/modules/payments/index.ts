/** Payments: Razorpay (or sandbox) orders, verification, webhooks, reconciliation. */
export { paymentsRoutes } from './payments.routes.ts';
export { reconcileStaleOrders, reconcileStaleOrdersSweep, type ReconcileResult } from './reconcile-stale-orders.ts';
export { processPendingWebhookEvents, processWebhookEvent } from './process-webhook-event.ts';
export type { PaymentsDeps } from './payments-deps.ts';
export { memberPaymentPages, type MemberPayment } from './member-payments.ts';
export { forgetPayer } from './forget-payer.ts';
