import { BILLING_MESSAGES } from '@assay/shared';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { buyWithSandbox, invoiceOfOrder, invoiceUrl, waitFor } from './billing.test-support.ts';
import { createSandboxProvider } from '../../adapters/payments/sandbox.ts';
import { ensureFirstOperator } from '../operators/index.ts';
import { reconcileStaleOrders } from '../purchase/index.ts';
import { findInvoiceByNumber, renderedDocuments, renderInvoicePdf } from './index.ts';
import { openOrder } from '../../../test/purchases.ts';

const PASSWORD = 'operator-password-123';
const basic = `Basic ${Buffer.from(`ops:${PASSWORD}`).toString('base64')}`;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    ADMIN_USERNAME: 'ops',
    ADMIN_PASSWORD: PASSWORD,
    MAIL_RETRY_DELAY_SECONDS: '1',
    SELLER_GSTIN: '29AAACA0000A1Z5',
  });
  await ensureFirstOperator(t.deps);
  await t.startWorker();
});
afterAll(() => t.close());

const saveDetails = (m: Member, payload: object) => t.app.inject({ method: 'PUT', url: '/api/billing/details', headers: m.auth, payload });

describe('tax invoices', () => {
  it("issues one invoice per captured payment: price + 18 % in minor units, CGST + SGST within the seller's state", async () => {
    const m = await signUpAndLogin(t);
    expect((await saveDetails(m, { address: '12 MG Road, Bengaluru 560001', state_code: '29', gstin: '' })).statusCode).toBe(200);
    const orderId = await buyWithSandbox(t, m);
    const inv = (await invoiceOfOrder(t, orderId))!;
    expect(inv.invoice_number).toMatch(/^INV\/\d{4}-\d{2}\/\d{6}$/);
    expect(inv).toMatchObject({
      user_id: m.user.id,
      buyer_email: m.email,
      place_of_supply: '29',
      currency: 'USD',
      taxable_minor: 12900,
      cgst_minor: 1161,
      sgst_minor: 1161,
      igst_minor: 0,
      total_minor: 15222,
    });
    const paid = (
      await t.db.query<{ amount: number; razorpay_payment_id: string }>(
        'SELECT amount, razorpay_payment_id FROM payments WHERE razorpay_order_id = $1',
        [orderId],
      )
    ).rows[0]!;
    expect(inv.total_minor).toBe(paid.amount);
    expect(inv.provider_payment_id).toBe(paid.razorpay_payment_id);
    // Verify again (a webhook, the reconciler): still one invoice.
    const count = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM invoices i JOIN payments p ON p.id = i.payment_id WHERE p.razorpay_order_id = $1',
      [orderId],
    );
    expect(count.rows[0]!.n).toBe(1);
  });

  it("charges IGST when the place of supply (the buyer's GSTIN state) differs from the seller's", async () => {
    const m = await signUpAndLogin(t);
    expect((await saveDetails(m, { address: 'Andheri, Mumbai', state_code: '27', gstin: '27abcde1234f1z5' })).json()).toEqual({
      country: 'IN',
      address: 'Andheri, Mumbai',
      state_code: '27',
      gstin: '27ABCDE1234F1Z5',
      gst_percent: 18,
    });
    const inv = (await invoiceOfOrder(t, await buyWithSandbox(t, m, 'starter')))!;
    expect(inv).toMatchObject({
      place_of_supply: '27',
      taxable_minor: 4900,
      cgst_minor: 0,
      sgst_minor: 0,
      igst_minor: 882,
      total_minor: 5782,
    });
  });

  it("issues the invoice on the reconciler's capture too (no verify call, no webhook)", async () => {
    const m = await signUpAndLogin(t);
    const order = await openOrder(t, m.auth, 'starter');
    const orderId = order.json<{ order_id: string }>().order_id;
    await createSandboxProvider(t.db, t.config.JWT_SECRET).approve(orderId);
    await t.db.query(`UPDATE payments SET created_at = now() - interval '30 minutes' WHERE razorpay_order_id = $1`, [orderId]);
    await reconcileStaleOrders(t.deps, { olderThanMinutes: 15 });
    expect(await invoiceOfOrder(t, orderId)).toMatchObject({ user_id: m.user.id, taxable_minor: 4900, total_minor: 5782 });
  });

  it('refuses billing details that cannot be right, with a clear message', async () => {
    const m = await signUpAndLogin(t);
    const bad = await saveDetails(m, { address: null, state_code: '29', gstin: 'not-a-gstin' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBe(BILLING_MESSAGES.gstinInvalid);
    const mismatch = await saveDetails(m, { address: null, state_code: '29', gstin: '27ABCDE1234F1Z5' });
    expect(mismatch.json().detail).toBe(BILLING_MESSAGES.gstinStateMismatch);
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/details', headers: m.auth })).json()).toEqual({
      country: null,
      address: null,
      state_code: null,
      gstin: null,
      gst_percent: null,
    });
  });

  it('numbers invoices one after another with no gap, and the database refuses a number not taken from the counter', async () => {
    const a = await signUpAndLogin(t);
    const first = (await invoiceOfOrder(t, await buyWithSandbox(t, a, 'starter')))!;
    const second = (await invoiceOfOrder(t, await buyWithSandbox(t, a, 'starter')))!;
    expect(second.fy).toBe(first.fy);
    expect(second.seq).toBe(first.seq + 1);
    const unpaid = await openOrder(t, a.auth, 'starter');
    const forged = t.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO invoices (invoice_number, fy, seq, payment_id, seller, buyer_name, buyer_email, place_of_supply, sac, description,
                               tokens, currency, taxable_minor, gst_percent, cgst_minor, sgst_minor, igst_minor, total_minor, provider_payment_id)
         SELECT 'INV/' || $1 || '/' || lpad(($2 + 5)::text, 6, '0'), $1, $2 + 5, id, '{}', 'x', 'x', '29', '998439', 'x',
                1, 'USD', 100, 18, 9, 9, 0, 118, 'pay_x' FROM payments WHERE razorpay_order_id = $3`,
        [second.fy, second.seq, unpaid.json().order_id],
      );
    });
    await expect(forged).rejects.toThrow(/not the next number/);
    await expect(t.db.query(`DELETE FROM invoices WHERE invoice_number = $1`, [first.invoice_number])).rejects.toThrow(/cannot be deleted/);
    await expect(t.db.query(`UPDATE invoices SET total_minor = 1 WHERE invoice_number = $1`, [first.invoice_number])).rejects.toThrow();
  });

  it('serves the PDF to its owner and operators, 404 to anyone else; regenerating gives the same document', async () => {
    const owner = await signUpAndLogin(t);
    const other = await signUpAndLogin(t);
    const inv = (await invoiceOfOrder(t, await buyWithSandbox(t, owner)))!;
    const mine = await t.app.inject({ method: 'GET', url: invoiceUrl(inv.invoice_number), headers: owner.auth });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const again = await t.app.inject({ method: 'GET', url: invoiceUrl(inv.invoice_number), headers: owner.auth });
    expect(again.rawPayload.equals(mine.rawPayload)).toBe(true);
    const row = (await findInvoiceByNumber(t.db, inv.invoice_number))!;
    expect((await renderInvoicePdf(row)).equals(mine.rawPayload)).toBe(true);

    const theirs = await t.app.inject({ method: 'GET', url: invoiceUrl(inv.invoice_number), headers: other.auth });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().detail).toBe(BILLING_MESSAGES.invoiceNotFound);
    expect((await t.app.inject({ method: 'GET', url: invoiceUrl('INV/2026-27/999999'), headers: owner.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: invoiceUrl(inv.invoice_number) })).statusCode).toBe(401);
    const ops = await t.app.inject({ method: 'GET', url: invoiceUrl(inv.invoice_number), headers: { authorization: basic } });
    expect(ops.statusCode).toBe(200);
    expect(ops.rawPayload.equals(mine.rawPayload)).toBe(true);
  });

  it('mails the purchase receipt with the invoice PDF attached', async () => {
    const m = await signUpAndLogin(t);
    const inv = (await invoiceOfOrder(t, await buyWithSandbox(t, m)))!;
    const mail = await waitFor(
      async () => t.smtp.received.find((r) => r.to.includes(m.email) && r.subject.includes(inv.invoice_number)),
      20_000,
    );
    expect(mail.subject).toContain('receipt');
    expect(mail.raw).toContain(`${inv.invoice_number.replaceAll('/', '-')}.pdf`);
    expect(mail.raw).toContain('application/pdf');
    // Rendered once when issued (the receipt job) and stored with the document: the download serves
    // that file and draws nothing.
    const stored = (
      await t.db.query<{ blob_key: string }>('SELECT blob_key FROM tax_document_pdfs WHERE invoice_number = $1', [inv.invoice_number])
    ).rows[0];
    expect(stored?.blob_key).toMatch(/^invoices\/INV-.+\.pdf$/);
    const rendered = renderedDocuments();
    const pdf = await t.app.inject({ method: 'GET', url: invoiceUrl(inv.invoice_number), headers: m.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.equals(await buffer((await t.deps.blobs.get(stored!.blob_key))!.body))).toBe(true);
    expect(renderedDocuments()).toBe(rendered);
  });
});
