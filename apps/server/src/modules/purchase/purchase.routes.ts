import { endpointPath, purchaseEndpoints as e } from '@assay/shared';
import { abandonOrder } from './abandon-order.ts';
import type { FastifyRequest } from 'fastify';
import type { SandboxProvider } from '../../adapters/payments/sandbox.ts';
import type { Deps } from '../../deps.ts';
import { member } from '../../http/member-guard.ts';
import { route } from '../../http/route.ts';
import type { AppInstance } from '../../http/types.ts';
import { createAfterResponseTasks } from './after-response-tasks.ts';
import { createOrder } from './create-order.ts';
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

export function purchaseRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    const provider = deps.payments;
    const afterResponse = createAfterResponseTasks(deps.log);
    app.addHook('onClose', async () => afterResponse.idle());

    route(app, e.createOrder, async (req) => createOrder(deps, provider, member(req).userId, req.body.package_id, req.body.review));

    route(app, e.verifyPayment, async (req) => verifyPayment(deps, provider, member(req).userId, req.body));
    route(app, e.abandonOrder, async (req) => abandonOrder(deps, member(req).userId, req.body.order_id));

    // The webhook reads its body as raw bytes: the signature covers exactly what was sent.
    const accepted = new WeakMap<FastifyRequest, string>();
    await app.register(async (raw) => {
      raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
      route(
        raw,
        e.webhook,
        async (req) => {
          const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
          const header = (name: string) => {
            const v = req.headers[name];
            return Array.isArray(v) ? v[0] : v;
          };
          const received = await receiveWebhook(deps, provider, body, {
            signature: header('x-razorpay-signature'),
            eventId: header('x-razorpay-event-id'),
          });
          if (received.status === 'accepted') accepted.set(req, received.eventId);
          return { status: received.status };
        },
        {
          // Credit after answering: the provider gets its 200 at once.
          onResponse: async (req) => {
            const eventId = accepted.get(req);
            if (eventId) afterResponse.run(`webhook ${eventId}`, () => processWebhookEvent(deps, eventId));
          },
        },
      );
    });

    if (provider.kind === 'sandbox') {
      const sandbox = provider as SandboxProvider;
      // Razorpay would call our webhook over the internet; the sandbox calls the same route in-process.
      const delivery: WebhookDelivery = async (payload, headers) =>
        app.inject({ method: 'POST', url: endpointPath(e.webhook), headers, payload });

      route(app, e.sandboxCheckout, async (req, reply) => {
        const page = await renderSandboxCheckout(deps, sandbox, req.query.order_id);
        return reply.code(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page.html);
      });

      route(app, e.sandboxCheckoutScript, async (_req, reply) =>
        reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(SANDBOX_CHECKOUT_SCRIPT),
      );

      route(app, e.sandboxApprove, async (req) => approveSandboxPayment(deps, sandbox, member(req).userId, req.body.order_id, delivery));

      route(app, e.sandboxDecline, async (req) => declineSandboxPayment(deps, sandbox, member(req).userId, req.body.order_id, delivery));
    }
  };
}
