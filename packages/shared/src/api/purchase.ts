import {
  abandonOrderRequest,
  abandonOrderResponse,
  createOrderRequest,
  createOrderResponse,
  sandboxApproveResponse,
  sandboxCheckoutQuery,
  sandboxDeclineResponse,
  sandboxOrderRequest,
  verifyPaymentRequest,
  verifyPaymentResponse,
  webhookAckSchema,
} from '../schemas/tokens.ts';
import { endpoint } from './endpoint.ts';

const tags = ['purchase'];
const sandboxTags = ['purchase (sandbox)'];

/** Buying tokens: orders, verification, the provider's webhook, and the local sandbox checkout. */
export const purchaseEndpoints = {
  createOrder: endpoint({
    method: 'POST',
    path: '/tokens/purchase/create-order',
    auth: 'member',
    tags,
    body: createOrderRequest,
    responses: { 200: createOrderResponse },
  }),
  verifyPayment: endpoint({
    method: 'POST',
    path: '/tokens/purchase/verify-payment',
    auth: 'member',
    tags,
    body: verifyPaymentRequest,
    responses: { 200: verifyPaymentResponse },
  }),
  abandonOrder: endpoint({
    method: 'POST',
    path: '/tokens/purchase/abandon-order',
    auth: 'member',
    tags,
    description:
      'The member closed the checkout without paying: the purchase reads Failed at once (a capture that still arrives is credited).',
    body: abandonOrderRequest,
    responses: { 200: abandonOrderResponse },
  }),
  webhook: endpoint({
    method: 'POST',
    path: '/payments/webhook',
    auth: 'public',
    tags,
    description: "The provider's event, read as raw bytes: the signature header covers exactly what was sent.",
    responses: { 200: webhookAckSchema },
  }),
  /** The sandbox routes exist only when no Razorpay keys are configured. */
  sandboxCheckout: endpoint({
    method: 'GET',
    path: '/payments/sandbox/checkout',
    auth: 'public',
    tags: sandboxTags,
    query: sandboxCheckoutQuery,
    produces: 'text/html',
  }),
  sandboxCheckoutScript: endpoint({
    method: 'GET',
    path: '/payments/sandbox/checkout.js',
    auth: 'public',
    tags: sandboxTags,
    produces: 'text/javascript',
  }),
  sandboxApprove: endpoint({
    method: 'POST',
    path: '/payments/sandbox/approve',
    auth: 'member',
    tags: sandboxTags,
    description: "The checkout page sends the member's token, handed over by the window that opened it.",
    body: sandboxOrderRequest,
    responses: { 200: sandboxApproveResponse },
  }),
  sandboxDecline: endpoint({
    method: 'POST',
    path: '/payments/sandbox/decline',
    auth: 'member',
    tags: sandboxTags,
    body: sandboxOrderRequest,
    responses: { 200: sandboxDeclineResponse },
  }),
};
