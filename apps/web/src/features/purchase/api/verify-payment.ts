import type { VerifyPaymentRequest } from '@assay/shared';
import { call, publicEndpoints } from '../../../lib/api.ts';

/** POST /tokens/purchase/verify-payment: the server checks the provider's signature and credits the tokens. */
export const verifyPayment = async (body: VerifyPaymentRequest) =>
  call((await publicEndpoints()).purchaseEndpoints.verifyPayment, { body });
