import { BILLING_MESSAGES } from '@assay/shared';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import { ensureBillingCountry } from '../../../test/purchases.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { invoiceOfOrder } from './billing.test-support.ts';
import { findInvoiceByNumber, renderInvoicePdf } from './index.ts';

/**
 * The place of supply and the tax of a purchase come from the billing country and state the
 * member gave (docs/decisions/168-billing-country-and-place-of-supply.md).
 */
const LUT = 'AD290326001234X';
const LUT_LINE = 'Supply meant for export under LUT without payment of IGST';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SELLER_GSTIN: '29AAACA0000A1Z5', GST_LUT_NUMBER: LUT });
});
afterAll(() => t.close());

const details = (app: TestApp, m: Member, payload?: object) =>
  app.app.inject({ method: payload ? 'PUT' : 'GET', url: '/api/billing/details', headers: m.auth, ...(payload ? { payload } : {}) });
const createOrder = (app: TestApp, m: Member, packageId = 'starter') =>
  app.app.inject({ method: 'POST', url: '/api/tokens/purchase/create-order', headers: m.auth, payload: { package_id: packageId } });

/** Opens an order (the member has a country), pays it in the sandbox, answers the order and its invoice. */
async function buy(app: TestApp, m: Member, packageId = 'starter') {
  const order = await createOrder(app, m, packageId);
  expect(order.statusCode, order.body).toBe(200);
  const body = order.json<{
    order_id: string;
    amount: number;
    checkout_url: string;
    price_breakdown: { price: number; gst: number; total: number; gst_percent: number };
  }>();
  const approved = await app.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/approve',
    headers: m.auth,
    payload: { order_id: body.order_id },
  });
  expect(approved.statusCode).toBe(200);
  const verified = await app.app.inject({
    method: 'POST',
    url: '/api/tokens/purchase/verify-payment',
    headers: m.auth,
    payload: approved.json(),
  });
  expect(verified.statusCode).toBe(200);
  const stored = (
    await app.db.query<{ place_of_supply: string; buyer_country: string; lut_number: string | null; gst_minor: number }>(
      'SELECT place_of_supply, buyer_country, lut_number, gst_minor FROM payments WHERE razorpay_order_id = $1',
      [body.order_id],
    )
  ).rows[0]!;
  return { order: body, stored, invoice: (await invoiceOfOrder(app, body.order_id))! };
}

/** The invoice PDF's text, as pdftotext reads it. */
async function invoiceText(app: TestApp, invoiceNumber: string) {
  const pdf = await renderInvoicePdf((await findInvoiceByNumber(app.db, invoiceNumber))!);
  const dir = mkdtempSync(join(tmpdir(), 'invoice-'));
  try {
    writeFileSync(join(dir, 'i.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'i.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('billing country and place of supply', () => {
  it('answers 409 billing_country_required until the member gives a country, and opens no order', async () => {
    const m = await signUpAndLogin(t);
    expect((await details(t, m)).json()).toMatchObject({ country: null, gst_percent: null });
    const res = await createOrder(t, m);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'billing_country_required', detail: BILLING_MESSAGES.billingCountryRequired });
    // An address alone is not a country.
    expect((await details(t, m, { address: '1 Main St' })).statusCode).toBe(200);
    expect((await createOrder(t, m)).statusCode).toBe(409);
    expect((await t.db.query('SELECT 1 FROM payments WHERE user_id = $1', [m.user.id])).rows).toHaveLength(0);
  });

  it("taxes a buyer in the seller's state CGST + SGST, recorded on the order when it is opened", async () => {
    const m = await signUpAndLogin(t);
    expect((await details(t, m, { country: 'IN', state_code: '29' })).json()).toMatchObject({
      country: 'IN',
      state_code: '29',
      gst_percent: 18,
    });
    const { order, stored, invoice } = await buy(t, m);
    expect(order.price_breakdown).toEqual({ price: 4900, gst: 882, total: 5782, gst_percent: 18 });
    expect(stored).toEqual({ place_of_supply: '29', buyer_country: 'IN', lut_number: null, gst_minor: 882 });
    expect(invoice).toMatchObject({ place_of_supply: '29', cgst_minor: 441, sgst_minor: 441, igst_minor: 0, total_minor: 5782 });
    const text = await invoiceText(t, invoice.invoice_number);
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toContain('CGST 9 %');
    expect(text).not.toContain('export');
  });

  it('taxes a buyer in another Indian state IGST', async () => {
    const m = await signUpAndLogin(t);
    await details(t, m, { country: 'IN', state_code: '07' });
    const { stored, invoice } = await buy(t, m);
    expect(stored).toEqual({ place_of_supply: '07', buyer_country: 'IN', lut_number: null, gst_minor: 882 });
    expect(invoice).toMatchObject({ place_of_supply: '07', cgst_minor: 0, sgst_minor: 0, igst_minor: 882, total_minor: 5782 });
    expect(await invoiceText(t, invoice.invoice_number)).toContain('IGST 18 %');
  });

  it('zero-rates a buyer outside India under the LUT: no GST charged, the LUT line on the invoice', async () => {
    const m = await signUpAndLogin(t);
    expect((await details(t, m, { country: 'de' })).json()).toEqual({
      country: 'DE',
      address: null,
      state_code: null,
      gstin: null,
      gst_percent: 0,
    });
    const { order, stored, invoice } = await buy(t, m);
    expect(order.price_breakdown).toEqual({ price: 4900, gst: 0, total: 4900, gst_percent: 0 });
    expect(order.amount).toBe(4900);
    expect(stored).toEqual({ place_of_supply: '96', buyer_country: 'DE', lut_number: LUT, gst_minor: 0 });
    expect(invoice).toMatchObject({
      place_of_supply: '96',
      taxable_minor: 4900,
      cgst_minor: 0,
      sgst_minor: 0,
      igst_minor: 0,
      total_minor: 4900,
    });
    const text = await invoiceText(t, invoice.invoice_number);
    expect(text).toContain(`${LUT_LINE} (LUT ARN ${LUT})`);
    expect(text).toContain('Place of supply: Outside India (96)');
    expect(text).toContain('Germany');
    expect(text).toContain('IGST 0 % (zero-rated export)');
    expect(text).not.toContain('CGST');
    // The sandbox checkout names it the same way.
    expect((await t.app.inject({ method: 'GET', url: order.checkout_url })).body).toContain('GST (export, zero-rated)');
  });

  it('a country changed later applies to new orders only: an open order keeps the place it was taxed for', async () => {
    const m = await signUpAndLogin(t);
    await details(t, m, { country: 'US' });
    const open = await createOrder(t, m);
    expect(open.json().price_breakdown.gst).toBe(0);
    expect((await details(t, m, { country: 'IN', state_code: '29', gstin: '29ABCDE1234F1Z5' })).statusCode).toBe(200);
    const approved = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/approve',
      headers: m.auth,
      payload: { order_id: open.json().order_id },
    });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/tokens/purchase/verify-payment', headers: m.auth, payload: approved.json() }))
        .statusCode,
    ).toBe(200);
    const inv = (await invoiceOfOrder(t, open.json().order_id))!;
    expect(inv).toMatchObject({ place_of_supply: '96', cgst_minor: 0, sgst_minor: 0, igst_minor: 0, total_minor: 4900 });
    // The Indian GSTIN given later does not turn the export into an Indian B2B supply.
    expect(
      (await t.db.query('SELECT buyer_gstin, buyer_country FROM invoices WHERE invoice_number = $1', [inv.invoice_number])).rows[0],
    ).toEqual({ buyer_gstin: null, buyer_country: 'US' });
    const next = await buy(t, m);
    expect(next.invoice).toMatchObject({ place_of_supply: '29', cgst_minor: 441, sgst_minor: 441 });
  });

  it('refuses details that cannot be right with a clear message, and keeps what was saved', async () => {
    const m = await signUpAndLogin(t);
    await details(t, m, { country: 'FR' });
    const cases: Array<[object, string]> = [
      [{ country: 'XX' }, BILLING_MESSAGES.countryInvalid],
      [{ country: 'India' }, BILLING_MESSAGES.countryInvalid],
      [{ country: 'IN' }, BILLING_MESSAGES.stateRequiredInIndia],
      [{ country: 'IN', state_code: '96' }, BILLING_MESSAGES.stateCodeInvalid],
      [{ country: 'US', state_code: '29' }, BILLING_MESSAGES.indiaOnlyFields],
      [{ country: 'US', gstin: '29ABCDE1234F1Z5' }, BILLING_MESSAGES.indiaOnlyFields],
    ];
    for (const [payload, detail] of cases) {
      const res = await details(t, m, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().detail, JSON.stringify(payload)).toBe(detail);
    }
    const nul = await details(t, m, { country: 'IN\u0000' });
    expect(nul.statusCode).toBe(422);
    expect(nul.json().detail).toMatch(/control characters/);
    expect((await details(t, m)).json()).toMatchObject({ country: 'FR' });
    // A state without a country (an older client) means India.
    expect((await details(t, m, { state_code: '27' })).json()).toMatchObject({ country: 'IN', state_code: '27', gst_percent: 18 });
  });

  it('the database refuses a bad country, India without a state, a state abroad, and a new order without its place of supply', async () => {
    const m = await signUpAndLogin(t);
    await ensureBillingCountry(t, m.auth);
    const id = m.user.id;
    for (const set of [
      `country = 'in'`,
      `country = 'IND'`,
      `state_code = NULL`,
      `country = 'US'`,
      `state_code = '96'`,
      `gstin = '27ABCDE1234F1Z5'`,
    ]) {
      await expect(t.db.query(`UPDATE billing_profiles SET ${set} WHERE user_id = $1`, [id]), set).rejects.toThrow(/check constraint/);
    }
    const insert = (cols: string, vals: string) =>
      t.db.query(
        `INSERT INTO payments (id, user_id, package_id, package_name, tokens, price_minor, gst_minor, amount, currency, provider, receipt, razorpay_order_id${cols})
       VALUES (gen_random_uuid(), $1, 'starter', 'Starter', 10000, 4900, $2, 4900 + $2, 'USD', 'sandbox', 'r', 'order_' || gen_random_uuid()${vals})`,
        [id, 882],
      );
    await expect(insert('', '')).rejects.toThrow(/place of supply/);
    await expect(insert(', place_of_supply, buyer_country', `, '96', 'IN'`)).rejects.toThrow(/check constraint/);
    await expect(insert(', place_of_supply, buyer_country', `, '29', 'US'`)).rejects.toThrow(/check constraint/);
    // An LUT zero-rates an export only, and an export under it carries no GST.
    await expect(insert(', place_of_supply, buyer_country, lut_number', `, '96', 'US', 'LUT'`)).rejects.toThrow(/check constraint/);
    await expect(insert(', place_of_supply, buyer_country', `, '29x', 'IN'`)).rejects.toThrow(/check constraint/);
    await insert(', place_of_supply, buyer_country', `, '29', 'IN'`);
    await expect(
      t.db.query(
        `INSERT INTO payments (id, user_id, package_id, package_name, tokens, price_minor, gst_minor, amount, currency, provider, receipt,
                             razorpay_order_id, place_of_supply, buyer_country)
       VALUES (gen_random_uuid(), $1, 'starter', 'Starter', 10000, 4900, 0, 4900, 'USD', 'sandbox', 'r', 'order_' || gen_random_uuid(), '96', 'US')`,
        [id],
      ),
      'zero GST without an LUT',
    ).rejects.toThrow(/check constraint/);
  });
});

describe('without an LUT configured', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ SELLER_GSTIN: '29AAACA0000A1Z5' });
  });
  afterAll(() => plain.close());

  it('charges a buyer outside India IGST (export on payment of IGST) and says so on the invoice', async () => {
    const m = await signUpAndLogin(plain);
    expect((await details(plain, m, { country: 'GB' })).json()).toMatchObject({ country: 'GB', gst_percent: 18 });
    const { order, stored, invoice } = await buy(plain, m);
    expect(order.price_breakdown).toEqual({ price: 4900, gst: 882, total: 5782, gst_percent: 18 });
    expect(stored).toEqual({ place_of_supply: '96', buyer_country: 'GB', lut_number: null, gst_minor: 882 });
    expect(invoice).toMatchObject({ place_of_supply: '96', cgst_minor: 0, sgst_minor: 0, igst_minor: 882 });
    const text = await invoiceText(plain, invoice.invoice_number);
    expect(text).toContain('Supply meant for export on payment of IGST');
    expect(text).not.toContain(LUT_LINE);
    expect(text).toContain('IGST 18 %');
  });
});
