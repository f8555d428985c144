import { contactEndpoints, type ContactRequest } from '@assay/shared';
import { call } from '../../../lib/api.ts';

/** The calls the public pages make (docs/product.md §7). */
export const contentApi = {
  /** POST /contact: the RTTP form leaves `reason` out, the contact page sends it. */
  sendContact: (body: ContactRequest) => call(contactEndpoints.submit, { body }),
};
