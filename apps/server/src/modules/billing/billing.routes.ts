import type { FastifyReply } from 'fastify';
import { billingEndpoints as e } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { member } from '../../http/member-guard.ts';
import { route } from '../../http/route.ts';
import { pageHeaders } from '../../lib/paging.ts';
import { listTokenHistory } from '../tokens/index.ts';
import type { AppInstance } from '../../http/types.ts';
import { readBillingDetails, saveBillingDetails } from './billing-details.ts';
import { creditNotePdf } from './download-credit-note.ts';
import { invoicePdf } from './download-invoice.ts';
import { listPurchases } from './list-purchases.ts';
import { requestRefund } from './request-refund.ts';

/** A billing document, to download; never cached (it names the buyer). */
function sendPdf(reply: FastifyReply, file: { filename: string; body: Buffer }) {
  return reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.body);
}

export function billingRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    route(app, e.billingDetails, async (req) => readBillingDetails(deps.db, member(req).userId));
    route(app, e.saveBillingDetails, async (req) => saveBillingDetails(deps.db, member(req).userId, req.body));
    route(app, e.purchases, async (req, reply) => {
      const { purchases, next } = await listPurchases(deps.db, member(req).userId, req.query);
      pageHeaders(reply, { next });
      return { purchases };
    });
    route(app, e.ledger, async (req, reply) => {
      const { entries, lots, next } = await listTokenHistory(deps.db, member(req).userId, req.query);
      pageHeaders(reply, { next });
      return { entries, lots };
    });
    // The owner with a bearer token, or an operator (no member, so any invoice).
    route(app, e.invoice, async (req, reply) => {
      return sendPdf(reply, await invoicePdf(deps.db, req.params.invoice_number, req.member?.userId));
    });
    route(app, e.requestRefund, async (req) => requestRefund(deps.db, member(req).userId, req.params.id, req.body.reason));
    // Like the invoice: the owner, or an operator.
    route(app, e.creditNote, async (req, reply) => {
      return sendPdf(reply, await creditNotePdf(deps.db, req.params.credit_note_number, req.member?.userId));
    });
  };
}
