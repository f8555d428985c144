import { expect } from 'vitest';
import type { Member } from '../../../test/members.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { openOrder } from '../../../test/purchases.ts';

/** Buys a package through the sandbox checkout and the member's verify call; answers the order id. */
export async function buyWithSandbox(t: TestApp, m: Member, packageId = 'pro'): Promise<string> {
  const order = await openOrder(t, m.auth, packageId);
  expect(order.statusCode).toBe(200);
  const orderId = order.json<{ order_id: string }>().order_id;
  const approved = await t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/approve',
    headers: m.auth,
    payload: { order_id: orderId },
  });
  expect(approved.statusCode).toBe(200);
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/tokens/purchase/verify-payment',
    headers: m.auth,
    payload: approved.json(),
  });
  expect(verified.statusCode).toBe(200);
  return orderId;
}

export interface StoredInvoice {
  invoice_number: string;
  fy: string;
  seq: number;
  user_id: string | null;
  buyer_name: string;
  buyer_email: string;
  place_of_supply: string;
  taxable_minor: number;
  cgst_minor: number;
  sgst_minor: number;
  igst_minor: number;
  total_minor: number;
  currency: string;
  provider_payment_id: string;
}

export const invoiceOfOrder = async (t: TestApp, orderId: string) =>
  (
    await t.db.query<StoredInvoice>(`SELECT i.* FROM invoices i JOIN payments p ON p.id = i.payment_id WHERE p.razorpay_order_id = $1`, [
      orderId,
    ])
  ).rows[0];

export const invoiceUrl = (n: string) => `/api/billing/invoices/${encodeURIComponent(n)}`;

/** Polls until `check` returns something truthy. */
export async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
