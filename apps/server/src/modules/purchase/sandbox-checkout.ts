import { randomBytes } from 'node:crypto';
import {
  escapeHtml,
  formatMoney,
  formatTokens,
  GST_PERCENT,
  MSG,
  PRODUCT_NAME,
  SANDBOX_CHECKOUT_MESSAGE,
  type VerifyPaymentRequest,
} from '@assay/shared';
import type { ProviderPayment } from '../../adapters/payments/payment-provider.ts';
import type { SandboxProvider } from '../../adapters/payments/sandbox.ts';
import { notFound } from '../../lib/errors.ts';
import type { PurchaseDeps } from './purchase-deps.ts';
import { recordPaymentFailure } from './record-payment-failure.ts';

/**
 * The sandbox checkout: with no Razorpay keys, this server plays Razorpay's checkout. The
 * page pays (or declines) an order, hands the opener window the same signed triple Razorpay
 * Checkout would, and sends our own webhook route a signed event, so verification and
 * crediting run through the production code.
 */

/** Delivers a webhook to our own route (the route passes app.inject). */
export type WebhookDelivery = (rawBody: string, headers: Record<string, string>) => Promise<{ statusCode: number }>;

export async function renderSandboxCheckout(
  deps: PurchaseDeps,
  sandbox: SandboxProvider,
  orderId: string,
): Promise<{ status: number; html: string }> {
  const order = await sandbox.findOrder(orderId);
  const payment = order
    ? (
        await deps.db.query<{ package_name: string; tokens: number; price_minor: number; gst_minor: number; lut_number: string | null }>(
          'SELECT package_name, tokens, price_minor, gst_minor, lut_number FROM payments WHERE razorpay_order_id = $1',
          [orderId],
        )
      ).rows[0]
    : undefined;
  if (!order || !payment) {
    return {
      status: 404,
      html: page(
        'Checkout not found',
        `<p class="note">This checkout link is not valid. Close this window and start the purchase again.</p>
      <div class="actions"><button id="close" type="button" class="secondary">Close</button></div>`,
        '',
      ),
    };
  }
  const money = (m: number) => escapeHtml(formatMoney(m, order.currency));
  const paid = order.status === 'paid';
  const body = `
    <dl class="summary">
      <dt>Package</dt><dd>${escapeHtml(payment.package_name)} · ${formatTokens(payment.tokens)} tokens</dd>
      <dt>Price</dt><dd>${money(payment.price_minor)}</dd>
      <dt>${payment.lut_number ? 'GST (export, zero-rated)' : `GST (${GST_PERCENT}%)`}</dt><dd>${money(payment.gst_minor)}</dd>
      <dt class="total">Total</dt><dd class="total">${money(order.amount)}</dd>
    </dl>
    <p class="note">Sandbox payment: no card is charged. Approve pays the order as a card payment would.</p>
    ${paid ? '<p class="status">This order is already paid.</p>' : ''}
    <p id="status" class="status" role="status" aria-live="polite"></p>
    <div class="actions">
      <button id="approve" type="button">Approve</button>
      <button id="decline" type="button" class="secondary">Decline</button>
      <button id="close" type="button" class="link">Close</button>
    </div>`;
  return { status: 200, html: page('Secure checkout', body, orderId) };
}

function page(title: string, body: string, orderId: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${PRODUCT_NAME}</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f3f5f9; color: #1c2434; display: grid; place-items: center; min-height: 100vh; }
  main { background: #fff; border-radius: 14px; box-shadow: 0 10px 30px rgba(20, 30, 60, .12); padding: 28px; width: min(420px, 92vw); }
  .brand { font-weight: 700; font-size: 20px; color: #1d4ed8; letter-spacing: .02em; }
  .badge { display: inline-block; margin-left: 8px; font-size: 11px; font-weight: 600; color: #92400e; background: #fef3c7; border-radius: 999px; padding: 2px 8px; vertical-align: middle; }
  h1 { font-size: 18px; margin: 14px 0 18px; }
  dl.summary { display: grid; grid-template-columns: 1fr auto; gap: 8px 16px; margin: 0 0 16px; }
  dt { color: #5b6475; } dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
  .total { font-weight: 700; color: #1c2434; border-top: 1px solid #e5e7eb; padding-top: 8px; }
  .note { font-size: 13px; color: #5b6475; } .status { font-size: 14px; min-height: 1.2em; }
  .actions { display: flex; gap: 10px; margin-top: 18px; }
  button { font: inherit; border-radius: 8px; padding: 10px 16px; cursor: pointer; border: 1px solid #1d4ed8; background: #1d4ed8; color: #fff; }
  button.secondary { background: #fff; color: #b91c1c; border-color: #fca5a5; }
  button.link { background: none; border-color: transparent; color: #5b6475; margin-left: auto; }
  button:disabled { opacity: .6; cursor: wait; }
</style>
</head>
<body>
<main id="checkout" data-order-id="${escapeHtml(orderId)}">
  <div class="brand">${PRODUCT_NAME}<span class="badge">SANDBOX</span></div>
  <h1>${escapeHtml(title)}</h1>
  ${body}
</main>
<script src="checkout.js" defer></script>
</body>
</html>`;
}

/** The page's script, served from its own URL: the CSP allows no inline script. */
export const SANDBOX_CHECKOUT_SCRIPT = `'use strict';
(function () {
  var root = document.getElementById('checkout');
  var orderId = root && root.getAttribute('data-order-id');
  var statusEl = document.getElementById('status');
  var buttons = Array.prototype.slice.call(document.querySelectorAll('button'));
  var TYPE = ${JSON.stringify(SANDBOX_CHECKOUT_MESSAGE)};
  function say(text) { if (statusEl) statusEl.textContent = text; }
  function busy(on) { buttons.forEach(function (b) { if (b.id !== 'close') b.disabled = on; }); }
  // The member's access token lives only in the opener's memory: it hands it over on request.
  var token = null;
  function tell(message) {
    // Only our own origin may receive the signed payment.
    if (window.opener && !window.opener.closed) window.opener.postMessage(message, window.location.origin);
  }
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.origin !== window.location.origin || event.source !== window.opener) return;
    if (!data || data.type !== TYPE || data.status !== 'token' || typeof data.token !== 'string') return;
    token = data.token;
    busy(false); say('');
  });
  function call(action) {
    return fetch(new URL(action, window.location.href).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
      body: JSON.stringify({ order_id: orderId }),
      credentials: 'same-origin'
    }).then(function (res) {
      return res.json().catch(function () { return {}; }).then(function (body) {
        if (!res.ok) throw new Error(body.detail || 'The sandbox could not process this payment.');
        return body;
      });
    });
  }
  function on(id, handler) { var el = document.getElementById(id); if (el) el.addEventListener('click', handler); }
  on('approve', function () {
    busy(true); say('Processing payment…');
    call('approve').then(function (response) {
      tell({ type: TYPE, status: 'success', response: response });
      say('Payment approved. You can close this window.');
      window.close();
    }).catch(function (err) { say(err.message); busy(false); });
  });
  on('decline', function () {
    busy(true); say('Declining…');
    call('decline').then(function (body) {
      tell({ type: TYPE, status: 'failed', error: body.error });
      say(${JSON.stringify(MSG.paymentFailed)});
      window.close();
    }).catch(function (err) { say(err.message); busy(false); });
  });
  on('close', function () { window.close(); });
  busy(true);
  if (window.opener && !window.opener.closed) tell({ type: TYPE, status: 'ready' });
  else say(${JSON.stringify(MSG.sandboxCheckoutNoSession)});
})();
`;

const unixNow = () => Math.floor(Date.now() / 1000);

/** A webhook body shaped like Razorpay's, signed with the sandbox's webhook secret. */
export function sandboxWebhook(sandbox: SandboxProvider, event: string, payment: ProviderPayment) {
  const rawBody = JSON.stringify({
    entity: 'event',
    account_id: 'acc_sandbox',
    event,
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: payment.id,
          entity: 'payment',
          amount: payment.amount,
          currency: payment.currency,
          status: payment.status,
          order_id: payment.order_id,
          method: 'card',
          captured: payment.status === 'captured',
        },
      },
    },
    created_at: unixNow(),
  });
  return {
    rawBody,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': sandbox.signWebhook(rawBody),
      'x-razorpay-event-id': `evt_sbx_${randomBytes(10).toString('hex')}`,
    },
  };
}

async function deliver(deps: PurchaseDeps, delivery: WebhookDelivery, hook: ReturnType<typeof sandboxWebhook>) {
  try {
    const res = await delivery(hook.rawBody, hook.headers);
    if (res.statusCode >= 300) deps.log.error({ statusCode: res.statusCode }, 'sandbox webhook refused by our own route');
  } catch (err) {
    // The member's checkout still succeeds; the verify call or the reconciler credits the order.
    deps.log.error({ err }, 'sandbox webhook delivery failed');
  }
}

/** Only the member who opened an order may pay or decline it; anyone else sees no such order. */
async function assertOwnOrder(deps: PurchaseDeps, userId: string, orderId: string) {
  const r = await deps.db.query('SELECT 1 FROM payments WHERE razorpay_order_id = $1 AND user_id = $2', [orderId, userId]);
  if (!r.rows.length) throw notFound(MSG.paymentOrderNotFound, 'order_not_found');
}

export async function approveSandboxPayment(
  deps: PurchaseDeps,
  sandbox: SandboxProvider,
  userId: string,
  orderId: string,
  delivery: WebhookDelivery,
): Promise<VerifyPaymentRequest> {
  await assertOwnOrder(deps, userId, orderId);
  const approved = await sandbox.approve(orderId);
  if (!approved) throw notFound(MSG.paymentOrderNotFound, 'order_not_found');
  await deliver(deps, delivery, sandboxWebhook(sandbox, 'payment.captured', approved.payment));
  return {
    razorpay_payment_id: approved.payment.id,
    razorpay_order_id: approved.payment.order_id,
    razorpay_signature: approved.signature,
  };
}

export async function declineSandboxPayment(
  deps: PurchaseDeps,
  sandbox: SandboxProvider,
  userId: string,
  orderId: string,
  delivery: WebhookDelivery,
) {
  await assertOwnOrder(deps, userId, orderId);
  const declined = await sandbox.decline(orderId);
  if (!declined) throw notFound(MSG.paymentOrderNotFound, 'order_not_found');
  // Recorded here as well as by the webhook it sends: the purchase shows Failed even when the
  // in-process delivery fails (both go through the one idempotent use-case).
  await deps.db.transaction((tx) => recordPaymentFailure(tx, deps.log, { orderId, paymentId: declined.id, reason: MSG.paymentDeclined }));
  await deliver(deps, delivery, sandboxWebhook(sandbox, 'payment.failed', declined));
  return { error: { code: 'BAD_REQUEST_ERROR', description: MSG.paymentDeclined } };
}
