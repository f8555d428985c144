import type { Config } from '../../config/env.ts';
import { stateOfGstin } from './tax.ts';

/** The seller as printed on invoices, from configuration (copied onto each invoice when issued). */
export interface Seller {
  legal_name: string;
  address: string;
  gstin: string;
  state_code: string;
}

export const sellerFrom = (config: Pick<Config, 'SELLER_LEGAL_NAME' | 'SELLER_ADDRESS' | 'SELLER_GSTIN'>): Seller => ({
  legal_name: config.SELLER_LEGAL_NAME,
  address: config.SELLER_ADDRESS,
  gstin: config.SELLER_GSTIN,
  state_code: stateOfGstin(config.SELLER_GSTIN),
});
