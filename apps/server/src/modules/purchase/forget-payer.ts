import type { Queryable } from '../../db/client.ts';

/** Fields in a provider's payload that describe the payer rather than the payment. */
const PAYER_KEYS = new Set(['email', 'contact', 'vpa', 'customer_details', 'billing_address', 'shipping_address']);
const REMOVED = '[deleted]';

/**
 * Account deletion: the member's payments stay (amounts, tax, ids: financial records kept for
 * the statutory period) but name nobody, and the provider events stored for them lose the
 * payer's details — Razorpay's payment entity carries the email and phone. Runs in the
 * deletion's transaction. Returns how many payments were unlinked and events cleaned.
 */
export async function forgetPayer(
  tx: Queryable,
  member: { userId: string; email: string; name: string; phone: string | null },
): Promise<{ payments: number; events: number }> {
  const payments = await tx.query<{ razorpay_order_id: string; razorpay_payment_id: string | null }>(
    'UPDATE payments SET user_id = NULL WHERE user_id = $1 RETURNING razorpay_order_id, razorpay_payment_id',
    [member.userId],
  );
  const orders = payments.rows.map((p) => p.razorpay_order_id);
  const paymentIds = payments.rows.flatMap((p) => (p.razorpay_payment_id ? [p.razorpay_payment_id] : []));
  if (!orders.length) return { payments: 0, events: 0 };
  const events = await tx.query<{ event_id: string; payload: unknown }>(
    `SELECT event_id, payload FROM payment_webhook_events
      WHERE payload->'payment'->'entity'->>'order_id' = ANY($1::text[])
         OR payload->'order'->'entity'->>'id' = ANY($1::text[])
         OR payload->'refund'->'entity'->>'payment_id' = ANY($2::text[])
      FOR UPDATE`,
    [orders, paymentIds],
  );
  const scrub = payerScrubber(member);
  for (const ev of events.rows) {
    const payload = typeof ev.payload === 'string' ? (JSON.parse(ev.payload) as unknown) : ev.payload;
    await tx.query('UPDATE payment_webhook_events SET payload = $2 WHERE event_id = $1', [ev.event_id, JSON.stringify(scrub(payload))]);
  }
  return { payments: payments.rowCount, events: events.rows.length };
}

/** Drops payer fields anywhere in a payload, and blanks any other text that quotes the member. */
function payerScrubber(member: { email: string; name: string; phone: string | null }) {
  const email = member.email.toLowerCase();
  // The name as whole words, so a short name does not blank every text that contains its letters.
  const name = new RegExp(`(^|[^\\p{L}])${member.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'iu');
  const phoneDigits = member.phone?.replace(/\D/g, '') ?? '';
  const quotesMember = (s: string) =>
    s.toLowerCase().includes(email) || name.test(s) || (phoneDigits.length >= 10 && s.replace(/\D/g, '').includes(phoneDigits));
  const scrub = (value: unknown): unknown => {
    if (typeof value === 'string') return quotesMember(value) ? REMOVED : value;
    if (Array.isArray(value)) return value.map(scrub);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([k]) => !PAYER_KEYS.has(k))
          .map(([k, v]) => [k, scrub(v)]),
      );
    }
    return value;
  };
  return scrub;
}
