import { billingEndpoints as e } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { member } from '../../http/member-guard.ts';
import { route } from '../../http/route.ts';
import type { AppInstance } from '../../http/types.ts';
import { readBillingDetails, saveBillingDetails } from './billing-details.ts';
import { creditNotePdf } from './download-credit-note.ts';
import { invoicePdf } from './download-invoice.ts';
import { requestRefund } from './request-refund.ts';

export function billingRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    route(app, e.billingDetails, async (req) => readBillingDetails(deps.db, member(req).userId));
    route(app, e.saveBillingDetails, async (req) => saveBillingDetails(deps.db, member(req).userId, req.body));
    // The owner with a bearer token, or an operator (no member, so any invoice).
    route(app, e.invoice, async (req, reply) => {
      const file = await invoicePdf(deps.db, req.params.invoice_number, req.member?.userId);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    });
    route(app, e.requestRefund, async (req) => requestRefund(deps.db, member(req).userId, req.params.id, req.body.reason));
    route(app, e.creditNote, async (req, reply) => {
      const file = await creditNotePdf(deps.db, req.params.credit_note_number, req.member?.userId);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    });
  };
}
