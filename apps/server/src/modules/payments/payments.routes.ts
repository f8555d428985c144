import {
  createOrderRequest,
  createOrderResponse,
  lineText,
  sandboxApproveResponse,
  sandboxDeclineResponse,
  sandboxOrderRequest,
  verifyPaymentRequest,
  verifyPaymentResponse,
  webhookAckSchema,
} from '@assay/shared';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createPaymentProvider } from '../../adapters/payments/create-payment-provider.ts';
import type { SandboxProvider } from '../../adapters/payments/sandbox.ts';
import type { Deps } from '../../deps.ts';
import type { AppInstance } from '../../http/types.ts';
import { member, requireMember } from '../auth/index.ts';
import { createBackgroundTasks } from './background.ts';
import { createOrder } from './create-order.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { processWebhookEvent } from './process-webhook-event.ts';
import { receiveWebhook } from './receive-webhook.ts';
import {
  approveSandboxPayment,
  declineSandboxPayment,
  renderSandboxCheckout,
  SANDBOX_CHECKOUT_SCRIPT,
  type WebhookDelivery,
} from './sandbox-checkout.ts';
import { verifyPayment } from './verify-payment.ts';

const WEBHOOK_PATH = '/payments/webhook';

export function paymentsRoutes(deps: Deps & { payments?: PaymentsDeps['payments'] }) {
  return async (app: AppInstance) => {
    const provider = deps.payments ?? createPaymentProvider(deps.config, deps.db);
    const pdeps: PaymentsDeps = { ...deps, payments: provider };
    const background = createBackgroundTasks(deps.log);
    app.addHook('onClose', async () => background.idle());

    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['payments'];
    const memberOnly = { preHandler: requireMember(deps) };

    r.post('/tokens/purchase/create-order', {
      ...memberOnly,
      schema: { tags, security: [{ bearer: [] }], body: createOrderRequest, response: { 200: createOrderResponse } },
    }, async (req) => createOrder(pdeps, provider, member(req).userId, req.body.package_id));

    r.post('/tokens/purchase/verify-payment', {
      ...memberOnly,
      schema: { tags, security: [{ bearer: [] }], body: verifyPaymentRequest, response: { 200: verifyPaymentResponse } },
    }, async (req) => verifyPayment(pdeps, provider, member(req).userId, req.body));

    // The webhook reads its body as raw bytes: the signature covers exactly what was sent.
    const accepted = new WeakMap<FastifyRequest, string>();
    await app.register(async (raw) => {
      raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
      raw.withTypeProvider<ZodTypeProvider>().post(WEBHOOK_PATH, {
        schema: { tags, response: { 200: webhookAckSchema } },
        // Credit after answering: the provider gets its 200 at once.
        onResponse: async (req) => {
          const eventId = accepted.get(req);
          if (eventId) background.run(`webhook ${eventId}`, () => processWebhookEvent(pdeps, eventId));
        },
      }, async (req) => {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const header = (name: string) => {
          const v = req.headers[name];
          return Array.isArray(v) ? v[0] : v;
        };
        const received = await receiveWebhook(pdeps, provider, body, {
          signature: header('x-razorpay-signature'),
          eventId: header('x-razorpay-event-id'),
        });
        if (received.status === 'accepted') accepted.set(req, received.eventId);
        return { status: received.status };
      });
    });

    if (provider.kind === 'sandbox') {
      const sandbox = provider as SandboxProvider;
      // Razorpay would call our webhook over the internet; the sandbox calls the same route in-process.
      const delivery: WebhookDelivery = async (payload, headers) =>
        app.inject({ method: 'POST', url: `${app.prefix}${WEBHOOK_PATH}`, headers, payload });
      const sandboxTags = ['payments (sandbox)'];

      r.get('/payments/sandbox/checkout', {
        schema: { tags: sandboxTags, querystring: z.object({ order_id: lineText().max(200).default('') }) },
      }, async (req, reply) => {
        const page = await renderSandboxCheckout(pdeps, sandbox, req.query.order_id);
        return reply.code(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page.html);
      });

      r.get('/payments/sandbox/checkout.js', { schema: { tags: sandboxTags } }, async (_req, reply) =>
        reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(SANDBOX_CHECKOUT_SCRIPT));

      // The checkout page sends the member's token (handed over by the opener window).
      r.post('/payments/sandbox/approve', {
        ...memberOnly,
        schema: { tags: sandboxTags, security: [{ bearer: [] }], body: sandboxOrderRequest, response: { 200: sandboxApproveResponse } },
      }, async (req) => approveSandboxPayment(pdeps, sandbox, member(req).userId, req.body.order_id, delivery));

      r.post('/payments/sandbox/decline', {
        ...memberOnly,
        schema: { tags: sandboxTags, security: [{ bearer: [] }], body: sandboxOrderRequest, response: { 200: sandboxDeclineResponse } },
      }, async (req) => declineSandboxPayment(pdeps, sandbox, member(req).userId, req.body.order_id, delivery));
    }
  };
}
