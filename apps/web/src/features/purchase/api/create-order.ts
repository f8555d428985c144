import type { ReviewPurchaseRequest } from '@assay/shared';
import { call, publicEndpoints } from '../../../lib/api.ts';

/**
 * POST /tokens/purchase/create-order: opens a payment order for the package (price + GST); with
 * `review`, bought for that expert review, which the capture opens (decision 234).
 */
export const createOrder = async (packageId: string, review?: ReviewPurchaseRequest) =>
  call((await publicEndpoints()).purchaseEndpoints.createOrder, { body: { package_id: packageId, ...(review ? { review } : {}) } });
