import { paymentsEndpoints } from '@assay/shared';
import { call } from '../../../lib/api.ts';

/** POST /tokens/purchase/create-order: opens a payment order for the package (price + GST). */
export const createOrder = (packageId: string) => call(paymentsEndpoints.createOrder, { body: { package_id: packageId } });
