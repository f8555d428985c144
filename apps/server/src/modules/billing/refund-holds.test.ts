import { REFUND_MESSAGES, type AdminRefundList, type RefundView } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRazorpay, type FakeRazorpay } from '../../../test/fakes/fake-razorpay.ts';
import { GOOD_PASSWORD, signUpAndLogin, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ensureFirstOperator } from '../operators/index.ts';
import { getBalance, placeHold } from '../tokens/index.ts';
import { waitFor } from './billing.test-support.ts';
import {
  OPS_PASSWORD,
  approve,
  askRefund,
  buyWithRazorpay,
  creditNotesOf,
  decline,
  expectLedgerHolds,
  ops,
  refundCalls,
  refundEntries,
  refundRow,
} from './refunds.test-support.ts';
import { openOrder } from '../../../test/purchases.ts';

/*
 * Issue 26, items 6 and 8: a package whose refund is pending is held (it cannot be spent, so
 * the approval cannot fail on "tokens used"), the member is told by mail and may withdraw, and
 * deleting the account never loses a refund silently: a pending one is still decided, and a
 * payment captured after the deletion is flagged for a full refund the operator sees.
 */
let rzp: FakeRazorpay;
let t: TestApp;
beforeAll(async () => {
  rzp = await startFakeRazorpay();
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

const withdraw = (m: Member, id: string) => t.app.inject({ method: 'POST', url: `/api/billing/refunds/${id}/withdraw`, headers: m.auth });
const deleteAccount = (m: Member) =>
  t.app.inject({ method: 'DELETE', url: '/api/users/me', headers: m.auth, payload: { password: GOOD_PASSWORD } });
const webhook = (hook: { body: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: hook.headers, payload: hook.body });

async function requested(m: Member) {
  const p = await buyWithRazorpay(t, rzp, m);
  const res = await askRefund(t, m, p.id);
  expect(res.statusCode, res.body).toBe(201);
  return { p, refund: res.json<RefundView>() };
}

describe('a pending refund holds its package', () => {
  it('keeps the package out of what can be spent, and the database refuses to spend it', async () => {
    const m = await signUpAndLogin(t);
    const p = await buyWithRazorpay(t, rzp, m);
    const before = await getBalance(t.db, m.user.id);
    await askRefund(t, m, p.id);
    const held = await getBalance(t.db, m.user.id);
    expect(held).toMatchObject({ available_tokens: before.available_tokens - p.tokens, refund_pending_tokens: p.tokens });
    // The balance endpoint says so too (the generate dialog reads it).
    const api = await t.app.inject({ method: 'GET', url: '/api/tokens/balance', headers: m.auth });
    expect(api.json()).toMatchObject({ refund_pending_tokens: p.tokens, available_tokens: held.available_tokens });
    // Asking for one token more than the rest is refused with the insufficient-tokens answer.
    await expect(
      t.db.transaction((tx) => placeHold(tx, { userId: m.user.id, amount: held.available_tokens + 1, reportId: `over-${p.id}` })),
    ).rejects.toMatchObject({ status: 403 });
    // Straight at the ledger, bypassing the code: refused.
    const lot = (await t.db.query<{ id: string }>('SELECT id FROM token_lots WHERE payment_id = $1', [p.id])).rows[0]!;
    for (const kind of ['hold', 'adjust_debit', 'forfeit', 'expiry']) {
      await expect(
        t.db.query(`INSERT INTO token_ledger (user_id, lot_id, kind, amount, note) VALUES ($1, $2, $3, -1, 'x')`, [
          m.user.id,
          lot.id,
          kind,
        ]),
      ).rejects.toThrow(/held for a pending refund/);
    }
    // Nor can the flag be moved by hand.
    await expect(t.db.query('UPDATE token_lots SET refund_pending = false WHERE id = $1', [lot.id])).rejects.toThrow(
      /follows the refund request/,
    );
    await expectLedgerHolds(t.db, [m.user.id]);
  });

  it('mails the member an acknowledgement that says the tokens are held and how to withdraw', async () => {
    const m = await signUpAndLogin(t);
    const { refund } = await requested(m);
    const mail = await waitFor(
      async () => t.smtp.received.find((r) => r.to.includes(m.email) && r.subject.includes('received your')),
      20_000,
    );
    // Quoted-printable soft breaks undone before reading the text.
    const text = mail.raw.replace(/=\r?\n/g, '').replace(/\r?\n/g, ' ');
    expect(text).toContain('held for the refund');
    expect(text).toContain('Withdraw');
    expect(text).toContain((refund.refund_minor / 100).toFixed(2));
  });
});

describe('withdrawing a request', () => {
  it('releases the package, mails the member, and lets them ask again; twice is harmless', async () => {
    const m = await signUpAndLogin(t);
    const { p, refund } = await requested(m);
    const held = await getBalance(t.db, m.user.id);
    const res = await withdraw(m, refund.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RefundView>().status).toBe('withdrawn');
    expect(await getBalance(t.db, m.user.id)).toMatchObject({
      available_tokens: held.available_tokens + p.tokens,
      refund_pending_tokens: 0,
    });
    expect((await withdraw(m, refund.id)).json<RefundView>().status).toBe('withdrawn');
    await waitFor(async () => t.smtp.received.find((r) => r.to.includes(m.email) && r.subject.includes('withdrawn')), 20_000);
    // The purchase may be asked for again.
    const again = await askRefund(t, m, p.id);
    expect(again.statusCode, again.body).toBe(201);
    await expectLedgerHolds(t.db, [m.user.id]);
  });

  it('is not found for another member, and refused once an operator decided', async () => {
    const m = await signUpAndLogin(t);
    const other = await signUpAndLogin(t);
    const { refund } = await requested(m);
    for (const id of [refund.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await withdraw(other, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(REFUND_MESSAGES.refundNotFound);
    }
    expect((await approve(t, refund.id)).statusCode).toBe(200);
    const late = await withdraw(m, refund.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(REFUND_MESSAGES.notWithdrawable);
  });

  it('racing an approval: exactly one wins, and the ledger is exact', async () => {
    const m = await signUpAndLogin(t);
    const { p, refund } = await requested(m);
    const [w, a] = await Promise.all([withdraw(m, refund.id), approve(t, refund.id)]);
    const status = (await refundRow(t.db, refund.id)).status;
    if (status === 'withdrawn') {
      expect(w.statusCode).toBe(200);
      expect(a.statusCode).toBe(409);
      expect(await refundEntries(t.db, p.id)).toEqual([]);
    } else {
      expect(a.statusCode).toBe(200);
      expect(w.statusCode).toBe(409);
      expect(await refundEntries(t.db, p.id)).toEqual([{ amount: -p.tokens }]);
    }
    await expectLedgerHolds(t.db, [m.user.id]);
  });
});

describe('deleting the account while a refund is pending', () => {
  it('keeps the package held (not forfeited) and the operator can still approve: the money goes back, the ledger is exact', async () => {
    const m = await signUpAndLogin(t);
    const { p, refund } = await requested(m);
    const del = await deleteAccount(m);
    expect(del.statusCode, del.body).toBe(200);
    // The rest of the balance was forfeited; the held package was not.
    const lot = (
      await t.db.query<{ remaining: number; refund_pending: boolean }>(
        'SELECT remaining, refund_pending FROM token_lots WHERE payment_id = $1',
        [p.id],
      )
    ).rows[0]!;
    expect(lot).toEqual({ remaining: p.tokens, refund_pending: true });
    const audit = (
      await t.db.query<{ details: { refunds_pending: number } }>(
        `SELECT details FROM operator_audit_log WHERE action = 'member.account_deleted' AND target = $1`,
        [m.user.id],
      )
    ).rows[0]!;
    expect(audit.details.refunds_pending).toBe(1);

    const res = await approve(t, refund.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(refundCalls(rzp, p.razorpay_payment_id)).toHaveLength(1);
    expect(await refundEntries(t.db, p.id)).toEqual([{ amount: -p.tokens }]);
    expect(await creditNotesOf(t.db, p.id)).toHaveLength(1);
    await expectLedgerHolds(t.db, [m.user.id]);
  });

  it('declined after the deletion: the package is forfeited like the rest of the balance', async () => {
    const m = await signUpAndLogin(t);
    const { p, refund } = await requested(m);
    expect((await deleteAccount(m)).statusCode).toBe(200);
    expect((await decline(t, refund.id, 'Promotional bundle')).statusCode).toBe(200);
    const lot = (
      await t.db.query<{ remaining: number; refund_pending: boolean }>(
        'SELECT remaining, refund_pending FROM token_lots WHERE payment_id = $1',
        [p.id],
      )
    ).rows[0]!;
    expect(lot).toEqual({ remaining: 0, refund_pending: false });
    await expectLedgerHolds(t.db, [m.user.id]);
  });
});

describe('a payment captured after its buyer deleted the account', () => {
  it('is flagged for a full refund (no fee) that the operator sees and approves; no tokens credited to nobody', async () => {
    const m = await signUpAndLogin(t);
    const order = await openOrder(t, m.auth, 'starter');
    expect(order.statusCode, order.body).toBe(200);
    const orderId = order.json<{ order_id: string }>().order_id;
    expect((await deleteAccount(m)).statusCode).toBe(200);

    // The buyer paid in the checkout that was still open; the provider's webhook reports it.
    const paid = rzp.pay(orderId);
    const hook = await webhook(rzp.webhook('payment.captured', paid.razorpay_payment_id));
    expect(hook.statusCode, hook.body).toBe(200);
    const payment = async () =>
      (
        await t.db.query<{ id: string; amount: number; status: string; user_id: string | null }>(
          'SELECT id, amount, status, user_id FROM payments WHERE razorpay_order_id = $1',
          [orderId],
        )
      ).rows[0]!;
    // The webhook is acknowledged first and processed right after.
    await waitFor(async () => (await payment()).status !== 'created');
    const p = await payment();
    expect(p).toMatchObject({ status: 'paid', user_id: null });
    expect((await t.db.query('SELECT 1 FROM token_lots WHERE payment_id = $1', [p.id])).rows).toHaveLength(0);

    // The operator's Refunds list shows it waiting, for the whole amount.
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/refunds?status=requested', headers: ops })).json<AdminRefundList>();
    const flagged = list.items.find((r) => r.purchase_id === p.id)!;
    expect(flagged).toMatchObject({ status: 'requested', member_email: null, fee_minor: 0, refund_minor: p.amount });
    expect(flagged.reason).toMatch(/deleted the account/);
    expect(list.pending_count).toBeGreaterThan(0);

    const res = await approve(t, flagged.id);
    expect(res.statusCode, res.body).toBe(200);
    const calls = refundCalls(rzp, paid.razorpay_payment_id);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({ amount: p.amount });
    const [cn] = await creditNotesOf(t.db, p.id);
    expect(cn).toMatchObject({ total_minor: p.amount, fee_minor: 0, amount_paid_minor: p.amount });

    // A replay of the capture changes nothing: one request, one refund.
    await webhook(rzp.webhook('payment.captured', paid.razorpay_payment_id));
    expect((await t.db.query('SELECT 1 FROM refund_requests WHERE payment_id = $1', [p.id])).rows).toHaveLength(1);
  });

  it('the database refuses a fee-less "orphan" request for a payment that has a member', async () => {
    const m = await signUpAndLogin(t);
    const p = await buyWithRazorpay(t, rzp, m);
    await expect(
      t.db.query(
        `INSERT INTO refund_requests (payment_id, user_id, origin, reason, tokens, currency, amount_minor, fee_minor, refund_minor)
       VALUES ($1, NULL, 'orphan_capture', 'x', $2, 'USD', $3, 0, $3)`,
        [p.id, p.tokens, p.amount],
      ),
    ).rejects.toThrow(/has a member/);
    await expect(
      t.db.query(
        `INSERT INTO refund_requests (payment_id, user_id, reason, tokens, currency, amount_minor, fee_minor, refund_minor)
       VALUES ($1, $2, 'x', $3, 'USD', $4, 0, $4)`,
        [p.id, m.user.id, p.tokens, p.amount],
      ),
    ).rejects.toThrow(/fee_check/);
  });
});
