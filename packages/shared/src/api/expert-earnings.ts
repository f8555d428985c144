import {
  earningsExportQuery,
  expertEarningsResponse,
  expertOwnEarningsResponse,
  expertPayoutParams,
  recordPayoutRequest,
  recordPayoutResponse,
} from '../schemas/expert-earnings.ts';
import { endpoint } from './endpoint.ts';

/**
 * Issue 28 item 5: what the provider owes each expert, the payout export and the payouts
 * (docs/decisions/234-review-follow-ups-earnings-and-invoice-line.md).
 */
export const expertEarningsEndpoints = {
  summary: endpoint({
    method: 'GET',
    path: '/admin/experts/earnings',
    auth: 'operator',
    tags: ['admin'],
    description: 'Per expert: tokens owed for delivered reviews not yet paid, and paid, with the last payout.',
    responses: { 200: expertEarningsResponse },
  }),
  export: endpoint({
    method: 'GET',
    path: '/admin/experts/earnings/export',
    auth: 'operator',
    tags: ['admin'],
    description:
      'The payout CSV: one row per review delivered from `from` to `to` (UTC days, inclusive), optionally of one expert, with what is owed and what was paid. Streamed.',
    query: earningsExportQuery,
    produces: 'text/csv',
  }),
  recordPayout: endpoint({
    method: 'POST',
    path: '/admin/experts/:id/payouts',
    auth: 'operator',
    tags: ['admin'],
    description:
      'Records that the expert was paid everything owed for reviews delivered up to the end of `through` (UTC). Idempotent: the same expert and day again answers the payout already recorded (`created: false`). 409 when nothing is owed.',
    params: expertPayoutParams,
    body: recordPayoutRequest,
    responses: { 200: recordPayoutResponse },
  }),
  mine: endpoint({
    method: 'GET',
    path: '/expert/earnings',
    auth: 'expert',
    tags: ['expert'],
    description: 'The expert’s own earnings: owed and paid totals, the newest 100 earnings and 50 payouts.',
    responses: { 200: expertOwnEarningsResponse },
  }),
} as const;
