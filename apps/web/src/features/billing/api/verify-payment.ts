import type { VerifyPaymentRequest, VerifyPaymentResponse } from '@assay/shared';
import { api } from '../../../lib/api.ts';

/** POST /tokens/purchase/verify-payment: the server checks the provider's signature and credits the tokens. */
export const verifyPayment = (body: VerifyPaymentRequest) =>
  api<VerifyPaymentResponse>('/tokens/purchase/verify-payment', { body });
