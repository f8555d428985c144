import { REFUND_MESSAGES, refundFeeMinor, type AdminRefund, type AdminRefundList, type RefundView } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRazorpay, type FakeRazorpay } from '../../../test/fakes/fake-razorpay.ts';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ensureFirstOperator } from '../operators/index.ts';
import { getBalance, placeHold } from '../tokens/index.ts';
import { waitFor } from './billing.test-support.ts';
import { creditNoteFigures } from './issue-credit-note.ts';
import {
  OPS_PASSWORD,
  approve,
  askRefund,
  buyWithRazorpay,
  creditNoteUrl,
  creditNotesOf,
  decline,
  expectLedgerHolds,
  ops,
  refundCalls,
  refundEntries,
  refundRow,
} from './refunds.test-support.ts';
import { purchaseRefundStates } from './request-refund.ts';

/*
 * Refunds through the production Razorpay adapter against the fake Razorpay on loopback:
 * the member's request and its refusals, the operator's decisions, the provider call once per
 * attempt, the webhooks, the ledger, the credit note and the mails.
 */
let rzp: FakeRazorpay;
let t: TestApp;
beforeAll(async () => {
  rzp = await startFakeRazorpay();
  // A generous timeout: the worker renders PDFs on this event loop meanwhile.
  t = await createTestApp({
    ...rzp.env,
    RAZORPAY_TIMEOUT_MS: '3000',
    ADMIN_USERNAME: 'ops',
    ADMIN_PASSWORD: OPS_PASSWORD,
    MAIL_RETRY_DELAY_SECONDS: '1',
    SELLER_GSTIN: '29AAACA0000A1Z5',
  });
  await ensureFirstOperator(t.deps);
  await t.startWorker();
});
afterAll(async () => {
  await t.close();
  await rzp.close();
});

const webhook = (hook: { body: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: hook.headers, payload: hook.body });

async function requested(m: Member, packageId = 'starter') {
  const p = await buyWithRazorpay(t, rzp, m, packageId);
  const res = await askRefund(t, m, p.id);
  expect(res.statusCode, res.body).toBe(201);
  return { p, refund: res.json<RefundView>() };
}

describe('asking for a refund', () => {
  it('records the request with the fee (10 % rounded down) and the refund in integer minor units', async () => {
    const m = await signUpAndLogin(t);
    const { p, refund } = await requested(m);
    expect(refund).toMatchObject({
      purchase_id: p.id,
      status: 'requested',
      tokens: p.tokens,
      amount_minor: p.amount,
      reason: 'Bought the wrong package',
    });
    expect(refund.fee_minor).toBe(Math.floor(p.amount / 10));
    expect(refund.refund_minor).toBe(p.amount - refund.fee_minor);
    expect(refundFeeMinor(5782)).toBe(578);
    expect(refundFeeMinor(99)).toBe(9);
    // Asked once: a second request is refused, with the reason.
    const again = await askRefund(t, m, p.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(REFUND_MESSAGES.alreadyRequested);
    const states = await purchaseRefundStates(t.db, m.user.id, [p.id]);
    expect(states.get(p.id)).toMatchObject({ refund_status: 'requested', refundable: false, credit_note_number: null });
  });

  it("another member's purchase, an unknown id and a malformed id are not found; a missing reason is a 422", async () => {
    const owner = await signUpAndLogin(t);
    const other = await signUpAndLogin(t);
    const p = await buyWithRazorpay(t, rzp, owner);
    for (const [m, id] of [
      [other, p.id],
      [owner, '00000000-0000-4000-8000-000000000000'],
      [owner, 'not-a-uuid'],
    ] as const) {
      const res = await askRefund(t, m, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(REFUND_MESSAGES.purchaseNotFound);
    }
    for (const reason of ['', '   ', 'x'.repeat(1001)]) expect((await askRefund(t, owner, p.id, reason)).statusCode).toBe(422);
    const noAuth = await t.app.inject({ method: 'POST', url: `/api/billing/purchases/${p.id}/refund-request`, payload: { reason: 'x' } });
    expect(noAuth.statusCode).toBe(401);
    expect((await t.db.query('SELECT 1 FROM refund_requests WHERE payment_id = $1', [p.id])).rows).toHaveLength(0);
  });

  it('is refused once any token of the package was used', async () => {
    const m = await signUpAndLogin(t);
    const p = await buyWithRazorpay(t, rzp, m);
    // Spend everything the member has: the package's lot is touched whatever the order of lots.
    const balance = await getBalance(t.db, m.user.id);
    await t.db.transaction((tx) => placeHold(tx, { userId: m.user.id, amount: balance.available_tokens, reportId: `spend-${p.id}` }));
    const res = await askRefund(t, m, p.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(REFUND_MESSAGES.tokensUsed);
    expect((await purchaseRefundStates(t.db, m.user.id, [p.id])).get(p.id)).toMatchObject({
      refundable: false,
      refund_refusal: REFUND_MESSAGES.tokensUsed,
    });
    await expectLedgerHolds(t.db, [m.user.id]);
  });

  it('is refused after 7 days from the capture', async () => {
    const m = await signUpAndLogin(t);
    const p = await buyWithRazorpay(t, rzp, m);
    await t.db.query(`UPDATE payments SET paid_at = now() - interval '7 days 1 minute' WHERE id = $1`, [p.id]);
    const res = await askRefund(t, m, p.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(REFUND_MESSAGES.windowExpired);
    // Just inside the window it is accepted.
    await t.db.query(`UPDATE payments SET paid_at = now() - interval '6 days 23 hours' WHERE id = $1`, [p.id]);
    expect((await askRefund(t, m, p.id)).statusCode).toBe(201);
  });
});

describe('approving', () => {
  it("refunds the amount less the fee at the provider, removes the lot's tokens, issues the credit note and mails it; webhooks settle it", async () => {
    const m = await signUpAndLogin(t);
    const { p, refund } = await requested(m);
    const before = await getBalance(t.db, m.user.id);
    const res = await approve(t, refund.id);
    expect(res.statusCode, res.body).toBe(200);
    const approved = res.json<AdminRefund>();
    expect(approved.status).toBe('approved'); // Razorpay answers 'pending'; the webhook settles it
    expect(approved.credit_note_number).toMatch(/^CN\/\d{4}-\d{2}\/\d{6}$/);

    const calls = refundCalls(rzp, p.razorpay_payment_id);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({
      amount: refund.refund_minor,
      receipt: `rf_${refund.id.replaceAll('-', '')}_1`,
      notes: { refund_request_id: refund.id },
    });
    expect(approved.provider_refund_id).toBe([...rzp.refunds.values()].find((r) => r.payment_id === p.razorpay_payment_id)!.id);

    expect(await refundEntries(t.db, p.id)).toEqual([{ amount: -p.tokens }]);
    // The package was held while the request waited (not spendable), so what the member may
    // spend does not change: the held tokens leave.
    expect(before.refund_pending_tokens).toBe(p.tokens);
    expect(await getBalance(t.db, m.user.id)).toMatchObject({ available_tokens: before.available_tokens, refund_pending_tokens: 0 });
    await expectLedgerHolds(t.db, [m.user.id]);

    // The credit note's totals are the refund's figures, against the payment's invoice.
    const [cn] = await creditNotesOf(t.db, p.id);
    expect(cn).toMatchObject({
      credit_note_number: approved.credit_note_number,
      total_minor: refund.refund_minor,
      fee_minor: refund.fee_minor,
      amount_paid_minor: p.amount,
    });
    expect(cn!.taxable_minor + cn!.cgst_minor + cn!.sgst_minor + cn!.igst_minor).toBe(refund.refund_minor);
    expect(cn!.invoice_number).toBe(approved.invoice_number);
    const inv = (
      await t.db.query<{ total_minor: number; cgst_minor: number; sgst_minor: number; igst_minor: number }>(
        'SELECT total_minor, cgst_minor, sgst_minor, igst_minor FROM invoices WHERE invoice_number = $1',
        [cn!.invoice_number],
      )
    ).rows[0]!;
    const f = creditNoteFigures(inv, refund.refund_minor);
    expect([cn!.taxable_minor, cn!.cgst_minor, cn!.sgst_minor, cn!.igst_minor]).toEqual([f.taxable, f.cgst, f.sgst, f.igst]);

    // The PDF: owner and operator, 404 to anyone else; the same bytes twice.
    const other = await signUpAndLogin(t);
    const mine = await t.app.inject({ method: 'GET', url: creditNoteUrl(cn!.credit_note_number), headers: m.auth });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toContain('application/pdf');
    expect(mine.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await t.app.inject({ method: 'GET', url: creditNoteUrl(cn!.credit_note_number), headers: m.auth })).rawPayload.equals(
        mine.rawPayload,
      ),
    ).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: creditNoteUrl(cn!.credit_note_number), headers: ops })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: creditNoteUrl(cn!.credit_note_number), headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: creditNoteUrl(cn!.credit_note_number) })).statusCode).toBe(401);

    // The approval mail carries the credit note.
    const mail = await waitFor(
      async () => t.smtp.received.find((r) => r.to.includes(m.email) && r.subject.includes(cn!.credit_note_number)),
      20_000,
    );
    expect(mail.subject).toContain('refund is approved');
    expect(mail.raw).toContain(`${cn!.credit_note_number.replaceAll('/', '-')}.pdf`);

    // Approving again changes nothing and calls the provider no more.
    expect((await approve(t, refund.id)).json<AdminRefund>().status).toBe('approved');
    expect(refundCalls(rzp, p.razorpay_payment_id)).toHaveLength(1);

    // refund.processed settles it; the same delivery again, or a new delivery of it, is harmless.
    const hook = rzp.refundWebhook('refund.processed', approved.provider_refund_id!);
    expect((await webhook(hook)).statusCode).toBe(200);
    await waitFor(async () => (await refundRow(t.db, refund.id)).status === 'refunded');
    expect((await webhook(hook)).statusCode).toBe(200);
    expect((await webhook(rzp.refundWebhook('refund.processed', approved.provider_refund_id!))).statusCode).toBe(200);
    // A late 'failed' for a processed refund does not undo it.
    expect((await webhook(rzp.refundWebhook('refund.failed', approved.provider_refund_id!))).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await refundRow(t.db, refund.id)).toMatchObject({ status: 'refunded', refund_attempt: 1 });
    expect(await refundEntries(t.db, p.id)).toHaveLength(1);
    expect(await creditNotesOf(t.db, p.id)).toHaveLength(1);
    expect((await purchaseRefundStates(t.db, m.user.id, [p.id])).get(p.id)).toMatchObject({
      refund_status: 'refunded',
      credit_note_number: cn!.credit_note_number,
      refundable: false,
    });
    expect((await askRefund(t, m, p.id)).json().detail).toBe(REFUND_MESSAGES.alreadyRefunded);
    await expectLedgerHolds(t.db, [m.user.id]);
  });

  it('refund.failed marks it failed; approving again retries as a new attempt, once', async () => {
    const m = await signUpAndLogin(t);
    const { p, refund } = await requested(m);
    const first = (await approve(t, refund.id)).json<AdminRefund>();
    expect((await webhook(rzp.refundWebhook('refund.failed', first.provider_refund_id!))).statusCode).toBe(200);
    await waitFor(async () => (await refundRow(t.db, refund.id)).status === 'refund_failed');

    const retry = (await approve(t, refund.id)).json<AdminRefund>();
    expect(retry.status).toBe('approved');
    expect(retry.provider_refund_id).not.toBe(first.provider_refund_id);
    const calls = refundCalls(rzp, p.razorpay_payment_id);
    expect(calls).toHaveLength(2);
    expect((calls[1]!.body as { receipt: string }).receipt).toBe(`rf_${refund.id.replaceAll('-', '')}_2`);
    // The first attempt's news is stale now; the second's settles it.
    expect((await webhook(rzp.refundWebhook('refund.processed', retry.provider_refund_id!))).statusCode).toBe(200);
    await waitFor(async () => (await refundRow(t.db, refund.id)).status === 'refunded');
    // Tokens and credit note: still once.
    expect(await refundEntries(t.db, p.id)).toHaveLength(1);
    expect(await creditNotesOf(t.db, p.id)).toHaveLength(1);
    await expectLedgerHolds(t.db, [m.user.id]);
  });

  it('a provider error leaves it approved; an answer that was lost is found again by its receipt: no second refund', async () => {
    const m = await signUpAndLogin(t);
    const { p, refund } = await requested(m);
    // The provider fails: nothing was refunded, the request stays approved for a retry.
    rzp.enqueue('server-error');
    const failed = await approve(t, refund.id);
    expect(failed.statusCode).toBe(200);
    expect(failed.json<AdminRefund>()).toMatchObject({ status: 'approved', provider_refund_id: null });
    expect(refundCalls(rzp, p.razorpay_payment_id)).toHaveLength(0);

    // The list call answers; the refund call takes effect but its answer never comes (timeout).
    rzp.enqueue('ok', 'answer-lost');
    const lost = await approve(t, refund.id);
    expect(lost.json<AdminRefund>()).toMatchObject({ status: 'approved', provider_refund_id: null });
    expect(refundCalls(rzp, p.razorpay_payment_id)).toHaveLength(1);

    // Approving again finds that refund by its receipt instead of refunding twice.
    const again = (await approve(t, refund.id)).json<AdminRefund>();
    expect(refundCalls(rzp, p.razorpay_payment_id)).toHaveLength(1);
    const atProvider = [...rzp.refunds.values()].filter((r) => r.payment_id === p.razorpay_payment_id);
    expect(atProvider).toHaveLength(1);
    expect(again.provider_refund_id).toBe(atProvider[0]!.id);
    expect(await refundEntries(t.db, p.id)).toHaveLength(1);
    await expectLedgerHolds(t.db, [m.user.id]);
  });

  it('still succeeds after the member spent everything they could while the request waited: the package was held', async () => {
    const m = await signUpAndLogin(t);
    const { p, refund } = await requested(m);
    const balance = await getBalance(t.db, m.user.id);
    // Everything spendable is spent; the held package is not part of it, and asking for more fails.
    await t.db.transaction((tx) => placeHold(tx, { userId: m.user.id, amount: balance.available_tokens, reportId: `after-${p.id}` }));
    await expect(t.db.transaction((tx) => placeHold(tx, { userId: m.user.id, amount: 1, reportId: `more-${p.id}` }))).rejects.toMatchObject(
      { status: 403 },
    );
    const res = await approve(t, refund.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await refundEntries(t.db, p.id)).toEqual([{ amount: -p.tokens }]);
    expect(refundCalls(rzp, p.razorpay_payment_id)).toHaveLength(1);
    await expectLedgerHolds(t.db, [m.user.id]);
  });
});

describe('declining and the operator list', () => {
  it('declines with a reason (required), mails it, and lets the member ask again', async () => {
    const m = await signUpAndLogin(t);
    const { p, refund } = await requested(m);
    expect((await decline(t, refund.id)).statusCode).toBe(422);
    expect((await decline(t, refund.id, '  ')).statusCode).toBe(422);
    const res = await decline(t, refund.id, 'The package was bought at a promotional price');
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminRefund>()).toMatchObject({
      status: 'declined',
      decision_reason: 'The package was bought at a promotional price',
      decided_by: 'ops',
    });
    const mail = await waitFor(async () => t.smtp.received.find((r) => r.to.includes(m.email) && r.subject.includes('declined')), 20_000);
    expect(mail.raw).toContain('promotional price');
    // A declined request cannot be approved; nothing was refunded.
    expect((await approve(t, refund.id)).statusCode).toBe(409);
    expect(refundCalls(rzp, p.razorpay_payment_id)).toHaveLength(0);
    expect(await refundEntries(t.db, p.id)).toHaveLength(0);
    // The member may ask again (still within the window).
    expect((await askRefund(t, m, p.id, 'Second try')).statusCode).toBe(201);
    // An approved request cannot be declined.
    const other = await requested(await signUpAndLogin(t));
    await approve(t, other.refund.id);
    expect((await decline(t, other.refund.id, 'Too late')).statusCode).toBe(409);
    const log = await t.db.query(`SELECT action FROM operator_audit_log WHERE target = $1`, [refund.id]);
    expect(log.rows).toEqual([{ action: 'refund.decline' }]);
  });

  it('lists requests by status with the pending count; operators only', async () => {
    const m = await signUpAndLogin(t, { name: 'Grace Hopper' });
    const { refund } = await requested(m, 'pro');
    const all = await t.app.inject({ method: 'GET', url: '/api/admin/refunds', headers: ops });
    expect(all.statusCode).toBe(200);
    const body = all.json<AdminRefundList>();
    const row = body.items.find((r) => r.id === refund.id)!;
    expect(row).toMatchObject({
      member_name: 'Grace Hopper',
      member_email: m.email,
      package_name: 'Pro',
      status: 'requested',
      reason: 'Bought the wrong package',
    });
    expect(body.pending_count).toBe((await t.db.query(`SELECT 1 FROM refund_requests WHERE status = 'requested'`)).rows.length);
    const pending = (
      await t.app.inject({ method: 'GET', url: '/api/admin/refunds?status=requested', headers: ops })
    ).json<AdminRefundList>();
    expect(pending.items.every((r) => r.status === 'requested')).toBe(true);
    const refunded = (
      await t.app.inject({ method: 'GET', url: '/api/admin/refunds?status=declined', headers: ops })
    ).json<AdminRefundList>();
    expect(refunded.items.some((r) => r.id === refund.id)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/refunds?status=bogus', headers: ops })).statusCode).toBe(422);
    for (const headers of [{}, m.auth]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/refunds', headers })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/refunds/${refund.id}/approve`, headers })).statusCode).toBe(401);
    }
    expect((await approve(t, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await approve(t, 'nope')).statusCode).toBe(404);
  });
});

describe('the database refuses', () => {
  it('a second refund of a lot, a partial refund, a fee that is not 10 % and a second live request', async () => {
    const m = await signUpAndLogin(t);
    const { p, refund } = await requested(m);
    const lot = (await t.db.query<{ id: string; tokens: number }>('SELECT id, tokens FROM token_lots WHERE payment_id = $1', [p.id]))
      .rows[0]!;
    // No approved request: no refund entry.
    await expect(
      t.db.query(`INSERT INTO token_ledger (user_id, lot_id, kind, amount) VALUES ($1, $2, 'refund', $3)`, [
        m.user.id,
        lot.id,
        -lot.tokens,
      ]),
    ).rejects.toThrow(/no approved refund request/);
    await approve(t, refund.id);
    await expect(
      t.db.query(`INSERT INTO token_ledger (user_id, lot_id, kind, amount) VALUES ($1, $2, 'refund', $3)`, [m.user.id, lot.id, -1]),
    ).rejects.toThrow(/whole size/);
    await expect(
      t.db.query(`INSERT INTO token_ledger (user_id, lot_id, kind, amount) VALUES ($1, $2, 'refund', $3)`, [
        m.user.id,
        lot.id,
        -lot.tokens,
      ]),
    ).rejects.toThrow();
    await expect(t.db.query(`UPDATE refund_requests SET status = 'requested' WHERE id = $1`, [refund.id])).rejects.toThrow(
      /cannot go from/,
    );
    await expect(t.db.query(`UPDATE refund_requests SET refund_minor = refund_minor + 1 WHERE id = $1`, [refund.id])).rejects.toThrow();
    const p2 = await buyWithRazorpay(t, rzp, m);
    await expect(
      t.db.query(
        `INSERT INTO refund_requests (payment_id, user_id, reason, tokens, currency, amount_minor, fee_minor, refund_minor)
       SELECT id, user_id, 'x', tokens, currency, amount, amount / 5, amount - amount / 5 FROM payments WHERE id = $1`,
        [p2.id],
      ),
    ).rejects.toThrow();
    await expect(
      t.db.query(
        `INSERT INTO refund_requests (payment_id, user_id, reason, tokens, currency, amount_minor, fee_minor, refund_minor)
       SELECT id, user_id, 'x', tokens, currency, amount, amount * 10 / 100, amount - amount * 10 / 100 FROM payments WHERE id = $1`,
        [p.id],
      ),
    ).rejects.toThrow();
    await expect(t.db.query(`DELETE FROM credit_notes`)).rejects.toThrow(/kept/);
    await expectLedgerHolds(t.db, [m.user.id]);
  });
});

describe('the sandbox provider (embedded default)', () => {
  it('refunds at once: approved → refunded, and never above what was captured', async () => {
    const s = await createTestApp({ ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: OPS_PASSWORD });
    try {
      await ensureFirstOperator(s.deps);
      const m = await signUpAndLogin(s);
      const { buyWithSandbox, invoiceOfOrder } = await import('./billing.test-support.ts');
      const orderId = await buyWithSandbox(s, m, 'starter');
      const inv = (await invoiceOfOrder(s, orderId))!;
      const pid = (
        await s.db.query<{ id: string; razorpay_payment_id: string }>(
          'SELECT id, razorpay_payment_id FROM payments WHERE razorpay_order_id = $1',
          [orderId],
        )
      ).rows[0]!;
      const r = await askRefund(s, m, pid.id);
      expect(r.statusCode).toBe(201);
      const res = await approve(s, r.json<RefundView>().id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<AdminRefund>()).toMatchObject({ status: 'refunded', invoice_number: inv.invoice_number });
      expect(res.json<AdminRefund>().provider_refund_id).toMatch(/^rfnd_sbx_/);
      await expect(
        s.deps.payments.createRefund({ paymentId: pid.razorpay_payment_id, amount: inv.total_minor, receipt: 'other', notes: {} }),
      ).rejects.toThrow(/greater than/);
      // The same receipt names the same refund.
      const again = await s.deps.payments.createRefund({
        paymentId: pid.razorpay_payment_id,
        amount: 100,
        receipt: `rf_${r.json<RefundView>().id.replaceAll('-', '')}_1`,
        notes: {},
      });
      expect(again.id).toBe(res.json<AdminRefund>().provider_refund_id);
      await expectLedgerHolds(s.db, [m.user.id]);
    } finally {
      await s.close();
    }
  });
});
