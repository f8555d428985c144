import { createPaymentProvider } from '../../adapters/payments/create-payment-provider.ts';
import type { PaymentProvider } from '../../adapters/payments/payment-provider.ts';
import type { Deps } from '../../deps.ts';

/** What the payment use cases need; `payments` defaults to the provider the config selects. */
export type PaymentsDeps = Pick<Deps, 'config' | 'db' | 'log'> & { payments?: PaymentProvider };

export const providerFor = (deps: PaymentsDeps): PaymentProvider =>
  deps.payments ?? createPaymentProvider(deps.config, deps.db);
