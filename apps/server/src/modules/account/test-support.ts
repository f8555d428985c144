import { randomBytes, randomInt } from 'node:crypto';
import { GOOD_PASSWORD, signUpAndLogin } from '../../../test/members.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { createSandboxProvider } from '../../adapters/payments/sandbox.ts';
import type { Queryable } from '../../db/client.ts';
import { openOrder } from '../../../test/purchases.ts';

/** Helpers for the export and deletion tests. */

/** Personal details no other row of the test database can contain by chance. */
export function uniquePerson() {
  const tag = randomBytes(4).toString('hex');
  return {
    name: `Ysolde Vantrelli ${tag}`,
    email: `ysolde.${tag}@example.com`,
    phone: `+91 7${String(randomInt(1e8)).padStart(8, '0')}9`,
  };
}

export type Person = ReturnType<typeof uniquePerson>;

/** A member with a name and phone of their own (the shared sign-up helper gives everyone one phone). */
export async function signUpPerson(t: TestApp, person: Person = uniquePerson()) {
  const m = await signUpAndLogin(t, { email: person.email, name: person.name });
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/users/me',
    headers: m.auth,
    payload: { name: person.name, phone: person.phone },
  });
  if (res.statusCode !== 200) throw new Error(`profile update failed: ${res.body}`);
  return { ...m, person };
}

export type PersonMember = Awaited<ReturnType<typeof signUpPerson>>;

/**
 * Buys a package through the sandbox checkout (the production verify path), then stores a
 * provider event about the payment the way Razorpay sends one, with the payer's email and phone.
 */
export async function buyPackage(t: TestApp, m: PersonMember, packageId = 'starter') {
  const order = await openOrder(t, m.auth, packageId);
  const orderId = order.json<{ order_id: string }>().order_id;
  const approved = await t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/approve',
    headers: m.auth,
    payload: { order_id: orderId },
  });
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/tokens/purchase/verify-payment',
    headers: m.auth,
    payload: approved.json(),
  });
  if (verified.statusCode !== 200) throw new Error(`purchase failed: ${verified.body}`);
  const paymentId = approved.json<{ razorpay_payment_id: string }>().razorpay_payment_id;
  const rawBody = JSON.stringify({
    entity: 'event',
    event: 'payment.authorized',
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          order_id: orderId,
          status: 'authorized',
          method: 'upi',
          currency: 'USD',
          amount: 1,
          email: m.person.email,
          contact: m.person.phone.replaceAll(' ', ''),
          vpa: 'ysolde@upi',
          description: `Tokens for ${m.person.name}`,
          notes: { user_id: m.user.id },
        },
      },
    },
  });
  const sandbox = createSandboxProvider(t.db, t.config.JWT_SECRET);
  const hook = await t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: rawBody,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': sandbox.signWebhook(rawBody),
      'x-razorpay-event-id': `evt_${randomBytes(6).toString('hex')}`,
    },
  });
  if (hook.statusCode !== 200) throw new Error(`webhook refused: ${hook.body}`);
  return { orderId, paymentId };
}

/** A contact-form message and a failed sign-in: two more places the address ends up. */
export async function leaveTraces(t: TestApp, m: PersonMember) {
  await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: {
      reason: 'other',
      name: m.person.name,
      email: m.person.email,
      phone: m.person.phone,
      message: 'Please call me about licensing.',
    },
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: m.person.email, password: `${GOOD_PASSWORD}-wrong` }).toString(),
  });
}

/**
 * Every column of every table (the job queue's schema included) whose text holds `needle`:
 * `schema.table.column` names. Walks information_schema, so a table added later is searched too.
 * With `digits`, compares digits only (a phone number written with or without spaces).
 */
export async function columnsContaining(db: Queryable, needle: string, opts: { digits?: boolean } = {}): Promise<string[]> {
  const columns = await db.query<{ table_schema: string; table_name: string; column_name: string }>(
    `SELECT c.table_schema, c.table_name, c.column_name
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE t.table_type = 'BASE TABLE' AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
        AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'uuid', 'USER-DEFINED')
      ORDER BY 1, 2, 3`,
  );
  const found: string[] = [];
  for (const c of columns.rows) {
    const col = `${quote(c.table_schema)}.${quote(c.table_name)}`;
    const value = opts.digits ? `regexp_replace(${quote(c.column_name)}::text, '\\D', '', 'g')` : `lower(${quote(c.column_name)}::text)`;
    const r = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${col} WHERE strpos(${value}, $1) > 0`, [
      opts.digits ? needle.replace(/\D/g, '') : needle.toLowerCase(),
    ]);
    if (r.rows[0]!.n > 0) found.push(`${c.table_schema}.${c.table_name}.${c.column_name}`);
  }
  return found;
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
