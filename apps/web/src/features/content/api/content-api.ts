import type { Complexity, ContactRequest, TokenBalance } from '@assay/shared';
import { api } from '../../../lib/api.ts';

/** The calls the public pages make (SPEC section 7). */
export const contentApi = {
  /** POST /contact: the RTTP form leaves `reason` out, the contact page sends it. */
  sendContact: (body: ContactRequest) => api<{ message?: string }>('/contact', { body, auth: false }),

  /** POST /reports/generate: a 403 means the balance does not cover the report. */
  generateReport: (body: { idea: string; complexity: Complexity }) => api<unknown>('/reports/generate', { body }),

  balance: () => api<TokenBalance>('/tokens/balance'),
};
