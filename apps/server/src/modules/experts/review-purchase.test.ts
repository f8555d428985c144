import { formatMoney, REVIEW_PRICES, type ReviewRequestView, type VerifyPaymentResponse } from '@assay/shared';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import { ensureBillingCountry } from '../../../test/purchases.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { findInvoiceByNumber, renderInvoicePdf } from '../billing/index.ts';
import {
  availableOf,
  createReviewTestApp,
  expectLedgerHolds,
  inviteAndSignIn,
  memberWithReport,
  requestReview,
  REVIEW,
  seedCompletedReport,
  asExpert,
  assign,
} from './test-support.ts';

/**
 * Issue 28 item 5 (decision 234): a member whose balance is short of a review buys the missing
 * tokens with the review attached to the order; the capture opens the request (once) and the
 * purchase's invoice names the review on its own line with its own SAC.
 */
let t: TestApp;
beforeAll(async () => {
  // 3,000 tokens to start with: 2,000 short of a Basic review (5,000).
  t = await createReviewTestApp({ SIGNUP_BONUS_TOKENS: '3000', SELLER_GSTIN: '29AAACA0000A1Z5' });
}, 300_000);
afterAll(() => t.close());

type Order = { order_id: string; currency: string; price_breakdown: { price: number; gst: number; total: number } };
const order = async (m: Member, body: object) => {
  await ensureBillingCountry(t, m.auth);
  return t.app.inject({
    method: 'POST',
    url: '/api/tokens/purchase/create-order',
    headers: m.auth,
    payload: { package_id: 'starter', ...body },
  });
};
async function payAndVerify(m: Member, orderId: string) {
  const approved = await t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/approve',
    headers: m.auth,
    payload: { order_id: orderId },
  });
  expect(approved.statusCode, approved.body).toBe(200);
  const verify = () =>
    t.app.inject({ method: 'POST', url: '/api/tokens/purchase/verify-payment', headers: m.auth, payload: approved.json() });
  const first = await verify();
  expect(first.statusCode, first.body).toBe(200);
  return { first: first.json<VerifyPaymentResponse>(), again: async () => (await verify()).json<VerifyPaymentResponse>() };
}
const invoiceOf = async (orderId: string) =>
  (
    await t.db.query<{
      invoice_number: string;
      sac: string;
      description: string;
      taxable_minor: number;
      cgst_minor: number;
      sgst_minor: number;
      total_minor: number;
      review_sac: string | null;
      review_description: string | null;
      review_tokens: number | null;
      review_taxable_minor: number | null;
    }>('SELECT i.* FROM invoices i JOIN payments p ON p.id = i.payment_id WHERE p.razorpay_order_id = $1', [orderId])
  ).rows[0]!;
async function pdfText(invoiceNumber: string) {
  const pdf = await renderInvoicePdf((await findInvoiceByNumber(t.db, invoiceNumber))!);
  const dir = mkdtempSync(join(tmpdir(), 'invoice-'));
  try {
    writeFileSync(join(dir, 'i.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'i.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('buying the missing tokens for an expert review', () => {
  it('the capture opens the request once; the invoice names the review on its own SAC line and the rest stays a token line', async () => {
    const { m, reportId } = await memberWithReport(t);
    expect(await availableOf(t, m)).toBe(3000);
    const res = await order(m, { review: { report_id: reportId, questions: 'Can the release trigger be claimed?' } });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json<Order>();
    // Nothing is opened before the money arrives.
    expect((await t.db.query('SELECT 1 FROM review_requests WHERE report_id = $1', [reportId])).rows).toEqual([]);

    const { first, again } = await payAndVerify(m, o.order_id);
    expect(first.review_request).toMatchObject({ refusal: null });
    const requestId = first.review_request!.id!;
    expect(first.available_tokens).toBe(3000 + 10_000 - REVIEW_PRICES.basic);
    // A second verify (or a webhook after it) opens nothing more and answers the same request.
    expect((await again()).review_request).toEqual({ id: requestId, refusal: null });
    const requests = await t.db.query<{ id: string; state: string; questions: string }>(
      'SELECT id, state, questions FROM review_requests WHERE report_id = $1',
      [reportId],
    );
    expect(requests.rows).toEqual([{ id: requestId, state: 'requested', questions: 'Can the release trigger be claimed?' }]);
    const mine = (await t.app.inject({ method: 'GET', url: `/api/review-requests?report_id=${reportId}`, headers: m.auth })).json<{
      requests: ReviewRequestView[];
    }>();
    expect(mine.requests).toMatchObject([{ id: requestId, state: 'requested', price: REVIEW_PRICES.basic }]);
    await expectLedgerHolds(t.db, [m.user.id]);
    const audit = await t.db.query<{ operator_username: string; details: { via: string } }>(
      `SELECT operator_username, details FROM operator_audit_log WHERE action = 'review.requested' AND target = $1`,
      [`review:${requestId}`],
    );
    expect(audit.rows).toMatchObject([{ operator_username: 'system', details: { via: 'purchase' } }]);

    // The hold spent the 3,000 older tokens first, then 2,000 of this purchase's: those are the review's.
    const inv = await invoiceOf(o.order_id);
    const reviewTaxable = Math.floor((o.price_breakdown.price * 2000) / 10_000);
    expect(inv).toMatchObject({
      sac: '998439',
      review_sac: '998393',
      review_tokens: 2000,
      review_taxable_minor: reviewTaxable,
      taxable_minor: o.price_breakdown.price,
      total_minor: o.price_breakdown.total,
      description: 'Starter token package: 8,000 of its 10,000 tokens kept in the balance',
    });
    expect(inv.review_description).toMatch(
      /^Expert review of a Technology Assessment Report \(Basic report, review [0-9A-F]{8}\): 2,000 of this purchase’s tokens towards its 5,000-token price$/,
    );
    // Integer tax, as charged: the lines add up to the taxable value, the tax is the order's.
    expect(inv.cgst_minor + inv.sgst_minor).toBe(o.price_breakdown.gst);
    expect(inv.taxable_minor + inv.cgst_minor + inv.sgst_minor).toBe(inv.total_minor);

    const money = (minor: number) => formatMoney(minor, o.currency, { code: true });
    const text = await pdfText(inv.invoice_number);
    // Each line names its service and SAC with its own amount (pdftotext reads the wrapped lines
    // side by side, so the pieces are checked, not one run of text).
    expect(text).toContain('Description Expert review of a Technology Assessment Report (Basic report,');
    expect(text).toContain('towards its 5,000-token price (SAC 998393) Starter token package: 8,000 of its 10,000 tokens kept in the');
    expect(text).toContain('balance (SAC 998439) Taxable value');
    const amounts = [...text.matchAll(new RegExp(`${o.currency} [\\d,]+\\.\\d{2}`, 'g'))].map((x) => x[0]);
    expect(amounts.slice(0, 3)).toEqual([
      money(reviewTaxable),
      money(o.price_breakdown.price - reviewTaxable),
      money(o.price_breakdown.price),
    ]);
    expect(text).toContain(`Taxable value ${money(o.price_breakdown.price)}`);
    expect(text).toContain(`Total ${money(o.price_breakdown.total)}`);
    expect(text).not.toContain('Description (SAC');

    // Those tokens are spent on the review, so the package cannot be refunded while it holds them.
    const payment = (await t.db.query<{ id: string }>('SELECT id FROM payments WHERE razorpay_order_id = $1', [o.order_id])).rows[0]!;
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/billing/purchases/${payment.id}/refund-request`,
      headers: m.auth,
      payload: { reason: 'changed my mind' },
    });
    expect(refund.statusCode).toBe(409);
  });

  it('a plain purchase keeps its one token line; the review takes the whole package when it needs it', async () => {
    const plain = await signUpAndLogin(t);
    const p = await order(plain, {});
    const { first } = await payAndVerify(plain, p.json<Order>().order_id);
    expect(first.review_request).toBeUndefined();
    const inv = await invoiceOf(p.json<Order>().order_id);
    expect(inv).toMatchObject({
      sac: '998439',
      description: 'Starter token package: 10,000 tokens',
      review_sac: null,
      review_tokens: null,
    });
    const text = await pdfText(inv.invoice_number);
    expect(text).toContain('Description (SAC 998439) Starter token package: 10,000 tokens');
    expect(text).not.toContain('Expert review');

    // A Comprehensive review (10,000) with 3,000 in hand: 7,000 of the package go to it.
    const m = await signUpAndLogin(t);
    const reportId = await seedCompletedReport(t, m.user.id, 'comprehensive');
    const o = (await order(m, { review: { report_id: reportId, questions: '' } })).json<Order>();
    await payAndVerify(m, o.order_id);
    expect(await invoiceOf(o.order_id)).toMatchObject({
      review_tokens: 7000,
      review_taxable_minor: Math.floor((o.price_breakdown.price * 7000) / 10_000),
    });
  });

  it('refused at the capture (the report went meanwhile): the tokens are credited, the invoice names only them, the member is told why', async () => {
    const { m, reportId } = await memberWithReport(t);
    const o = (await order(m, { review: { report_id: reportId, questions: 'Still there?' } })).json<Order>();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/reports/${reportId}`, headers: m.auth })).statusCode).toBeLessThan(300);
    const { first } = await payAndVerify(m, o.order_id);
    expect(first.review_request).toEqual({ id: null, refusal: 'Report not found' });
    expect(first.available_tokens).toBe(13_000);
    expect(await invoiceOf(o.order_id)).toMatchObject({ review_sac: null, description: 'Starter token package: 10,000 tokens' });
    expect((await t.db.query('SELECT 1 FROM review_requests WHERE user_id = $1', [m.user.id])).rows).toEqual([]);
    await expectLedgerHolds(t.db, [m.user.id]);
  });

  it('checks before the member pays: their own completed report, no open request, a short balance, a package that covers it', async () => {
    const { m, reportId } = await memberWithReport(t);
    const stranger = await signUpAndLogin(t);
    const notMine = await order(stranger, { review: { report_id: reportId, questions: '' } });
    expect(notMine.statusCode).toBe(404);
    expect((await order(m, { review: { report_id: 'not-a-uuid', questions: '' } })).statusCode).toBe(404);
    expect((await order(m, { review: { report_id: reportId, questions: '', sections: ['no_such_section'] } })).statusCode).toBe(422);
    expect((await order(m, { review: { report_id: reportId, questions: 'bell \u0007' } })).statusCode).toBe(422);

    await t.db.query(`UPDATE token_packages SET tokens = 1000 WHERE id = 'starter'`);
    try {
      const small = await order(m, { review: { report_id: reportId, questions: '' } });
      expect(small.statusCode).toBe(409);
      expect(small.json()).toMatchObject({
        code: 'package_too_small',
        detail: 'This package does not cover the review: choose one with at least 2,000 tokens',
      });
    } finally {
      await t.db.query(`UPDATE token_packages SET tokens = 10000 WHERE id = 'starter'`);
    }

    // Enough tokens already: nothing to buy for it.
    const rich = await signUpAndLogin(t);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${rich.user.id}/token-adjustments`,
      headers: {
        authorization: `Basic ${Buffer.from('ops:operator-password-123').toString('base64')}`,
        'idempotency-key': `rich-${rich.user.id}`,
      },
      payload: { amount: 5000, reason: 'Test' },
    });
    const richReport = await seedCompletedReport(t, rich.user.id);
    const covered = await order(rich, { review: { report_id: richReport, questions: '' } });
    expect(covered.statusCode).toBe(409);
    expect(covered.json()).toMatchObject({ code: 'balance_covers_review' });
    // An open request already: 409, before any money moves.
    expect((await requestReview(t, rich, richReport)).statusCode).toBe(201);
    const open = await order(rich, { review: { report_id: richReport, questions: '' } });
    expect(open.statusCode).toBe(409);
    expect(open.json()).toMatchObject({ code: 'review_open' });
    expect(
      (await t.db.query('SELECT 1 FROM review_purchases WHERE user_id = ANY($1)', [[m.user.id, stranger.user.id, rich.user.id]])).rows,
    ).toEqual([]);
  });

  it('a review bought this way is delivered and earned like any other', async () => {
    const e = await inviteAndSignIn(t, { capacity: 3 });
    const { m, reportId } = await memberWithReport(t);
    const o = (await order(m, { review: { report_id: reportId, questions: '' } })).json<Order>();
    const id = (await payAndVerify(m, o.order_id)).first.review_request!.id!;
    expect((await assign(t, id, e.id)).statusCode).toBe(200);
    expect((await asExpert(t, e, 'POST', `/api/expert/assignments/${id}/accept`)).statusCode).toBe(200);
    expect((await asExpert(t, e, 'POST', `/api/expert/assignments/${id}/review`, REVIEW)).statusCode).toBe(200);
    expect((await t.db.query<{ tokens: number }>('SELECT tokens FROM expert_earnings WHERE request_id = $1', [id])).rows).toEqual([
      { tokens: 3000 },
    ]);
    expect(await availableOf(t, m)).toBe(3000 + 10_000 - REVIEW_PRICES.basic);
  });
});
