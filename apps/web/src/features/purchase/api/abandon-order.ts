import { call, publicEndpoints } from '../../../lib/api.ts';

/**
 * POST /tokens/purchase/abandon-order: the checkout was closed without paying, so the purchase
 * reads Failed at once rather than Pending for a day (a payment that still arrives is credited).
 */
export const abandonOrder = async (orderId: string) =>
  call((await publicEndpoints()).purchaseEndpoints.abandonOrder, { body: { order_id: orderId } });
