import type { CreateOrderResponse } from '@assay/shared';
import { api } from '../../../lib/api.ts';

/** POST /tokens/purchase/create-order: opens a payment order for the package (price + GST). */
export const createOrder = (packageId: string) =>
  api<CreateOrderResponse>('/tokens/purchase/create-order', { body: { package_id: packageId } });
