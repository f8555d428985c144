import { contactEndpoints, type ContactRequest } from '@assay/shared';
import { call } from '../../../lib/api.ts';

/** POST /contact (docs/product.md §7): the RTTP form leaves `reason` out, the contact page sends it. */
export const submitContact = (body: ContactRequest) => call(contactEndpoints.submit, { body });
