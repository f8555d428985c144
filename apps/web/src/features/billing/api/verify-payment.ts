import { paymentsEndpoints, type VerifyPaymentRequest } from '@assay/shared';
import { call } from '../../../lib/api.ts';

/** POST /tokens/purchase/verify-payment: the server checks the provider's signature and credits the tokens. */
export const verifyPayment = (body: VerifyPaymentRequest) => call(paymentsEndpoints.verifyPayment, { body });
