import { call, publicEndpoints } from '../../../lib/api.ts';

/** POST /tokens/purchase/create-order: opens a payment order for the package (price + GST). */
export const createOrder = async (packageId: string) => call((await publicEndpoints()).paymentsEndpoints.createOrder, { body: { package_id: packageId } });
