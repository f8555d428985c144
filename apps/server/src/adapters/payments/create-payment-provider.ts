import { resolvePaymentProvider, type Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createRazorpayProvider } from './razorpay.ts';
import { createSandboxProvider } from './sandbox.ts';

/** Razorpay when its keys are configured, the local sandbox otherwise (config validates the mix). */
export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  if (resolvePaymentProvider(config) === 'razorpay') {
    return createRazorpayProvider({
      apiBase: config.RAZORPAY_API_BASE,
      keyId: config.RAZORPAY_KEY_ID!,
      keySecret: config.RAZORPAY_KEY_SECRET!,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET!,
      timeoutMs: config.RAZORPAY_TIMEOUT_MS,
    });
  }
  return createSandboxProvider(db, config.JWT_SECRET);
}
