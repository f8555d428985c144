import type { FastifyReply } from 'fastify';
import { billingEndpoints as e } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { member } from '../../http/member-guard.ts';
import { route } from '../../http/route.ts';
import { pageHeaders } from '../../lib/paging.ts';
import { audit } from '../operators/index.ts';
import { listTokenHistory } from '../tokens/index.ts';
import type { Readable } from 'node:stream';
import type { AppInstance } from '../../http/types.ts';
import { readBillingDetails, saveBillingDetails } from './billing-details.ts';
import { creditNotePdf } from './download-credit-note.ts';
import { invoicePdf } from './download-invoice.ts';
import { listPurchases } from './list-purchases.ts';
import { requestRefund } from './request-refund.ts';
import { withdrawRefund } from './withdraw-refund.ts';

/** A billing document, to download; never cached (it names the buyer). */
function sendPdf(reply: FastifyReply, file: { filename: string; body: Readable; size: number }) {
  return reply
    .type('application/pdf')
    .header('content-length', file.size)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.body);
}

export function billingRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    route(app, e.billingDetails, async (req) => readBillingDetails(deps, member(req).userId));
    route(app, e.saveBillingDetails, async (req) => saveBillingDetails(deps, member(req).userId, req.body));
    route(app, e.purchases, async (req, reply) => {
      const { purchases, next } = await listPurchases(deps.db, member(req).userId, req.query);
      pageHeaders(reply, { next });
      return { purchases };
    });
    route(app, e.ledger, async (req, reply) => {
      const { entries, lots, lotsMore, next } = await listTokenHistory(deps.db, member(req).userId, req.query);
      pageHeaders(reply, { next });
      return { entries, lots, lots_more: lotsMore };
    });
    // The owner with a bearer token, or an operator (no member, so any invoice).
    route(app, e.invoice, async (req, reply) => {
      const file = await invoicePdf(deps, req.params.invoice_number, req.member?.userId);
      if (req.operator) await audit(deps.db, req.operator, 'invoice.download', req.params.invoice_number);
      return sendPdf(reply, file);
    });
    route(app, e.requestRefund, async (req) => requestRefund(deps, member(req).userId, req.params.id, req.body.reason));
    route(app, e.withdrawRefund, async (req) => withdrawRefund(deps, member(req).userId, req.params.id));
    // Like the invoice: the owner, or an operator.
    route(app, e.creditNote, async (req, reply) => {
      const file = await creditNotePdf(deps, req.params.credit_note_number, req.member?.userId);
      if (req.operator) await audit(deps.db, req.operator, 'credit_note.download', req.params.credit_note_number);
      return sendPdf(reply, file);
    });
  };
}
