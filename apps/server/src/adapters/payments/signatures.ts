import { createHmac, timingSafeEqual } from 'node:crypto';

/** Razorpay's signatures: lowercase hex HMAC-SHA256. */
export function paymentSignature(keySecret: string, orderId: string, paymentId: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}

export function webhookSignature(webhookSecret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', webhookSecret).update(rawBody).digest('hex');
}

/** Constant-time comparison of two hex signatures (a length mismatch fails at once). */
export function signaturesMatch(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function verifyPaymentSignature(keySecret: string, p: { orderId: string; paymentId: string; signature: string }): boolean {
  return signaturesMatch(paymentSignature(keySecret, p.orderId, p.paymentId), p.signature);
}

export function verifyWebhookSignature(webhookSecret: string, rawBody: Buffer, signature: string): boolean {
  return signaturesMatch(webhookSignature(webhookSecret, rawBody), signature);
}
