import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, uniqueEmail } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { openOrder } from '../../../test/purchases.ts';

/*
 * With no SMTP server configured, mail is written to DATA_DIR/mail as .eml files (the embedded
 * default). Deleting an account must not leave the member's mail there, the purchase receipt
 * with its invoice PDF included (issue 26, item 6); other members' mail stays.
 */
let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: '', MAIL_RETRY_DELAY_SECONDS: '1' });
  dir = path.join(t.config.DATA_DIR, 'mail');
  await t.startWorker();
});
afterAll(async () => {
  await t.close();
});

/** Polls until `check` answers something truthy. */
async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The dev mailbox's files whose To header is the address. */
const filesTo = (address: string) =>
  readdirSync(dir).filter((f) => /^To: (.*)$/m.exec(readFileSync(path.join(dir, f), 'utf8'))?.[1]?.trim() === address);

async function signUp(email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { name: 'Mira Holt', email, phone: '+44 20 7946 0958', password: GOOD_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [file] = await waitFor(async () => filesTo(email).length > 0 && filesTo(email));
  const otp = /\b(\d{6})\b/.exec(readFileSync(path.join(dir, file!), 'utf8'))![1];
  expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email-otp', payload: { email, otp } })).statusCode).toBe(200);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: email, password: GOOD_PASSWORD }).toString(),
  });
  return { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
}

describe('deleting an account with the dev mailbox', () => {
  it('removes the member’s mail files, the receipt with its invoice included, and keeps everyone else’s', async () => {
    const email = uniqueEmail('leaver');
    // An address that shares the file-name form and a suffix of the leaver's: its mail must stay.
    const neighbour = `x-${email}`;
    const auth = await signUp(email);
    await signUp(neighbour);
    const order = await openOrder(t, auth, 'starter');
    const orderId = order.json<{ order_id: string }>().order_id;
    const approved = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/approve',
      headers: auth,
      payload: { order_id: orderId },
    });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/tokens/purchase/verify-payment', headers: auth, payload: approved.json() }))
        .statusCode,
    ).toBe(200);
    // The receipt with the invoice PDF reaches the mailbox.
    await waitFor(async () => filesTo(email).some((f) => readFileSync(path.join(dir, f), 'utf8').includes('application/pdf')), 20_000);
    const neighbourMail = filesTo(neighbour);
    expect(neighbourMail.length).toBeGreaterThan(0);

    const del = await t.app.inject({ method: 'DELETE', url: '/api/users/me', headers: auth, payload: { password: GOOD_PASSWORD } });
    expect(del.statusCode, del.body).toBe(200);
    expect(filesTo(email)).toEqual([]);
    expect(filesTo(neighbour)).toEqual(neighbourMail);
  });
});
