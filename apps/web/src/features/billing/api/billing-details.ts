import { billingEndpoints, type BillingDetailsInput } from '@assay/shared';
import { call } from '../../../lib/api.ts';

/** GET /billing/details. */
export const fetchBillingDetails = (signal?: AbortSignal) => call(billingEndpoints.billingDetails, { signal });

/** PUT /billing/details. */
export const saveBillingDetails = (body: Required<BillingDetailsInput>) => call(billingEndpoints.saveBillingDetails, { body });
