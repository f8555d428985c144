import { z } from 'zod';
import {
  adminEvidenceSourceView,
  adminListQuery,
  adminTransactionsExportQuery,
  adminTransactionsQuery,
  adminUsersExportQuery,
  adminMemberListQuery,
  adminReportView,
  adminStatsView,
  adminUserParams,
  adminUserView,
  mailPreviewList,
  tokenAdjustmentBody,
  tokenAdjustmentView,
  transactionView,
} from '../schemas/admin.ts';
import { idempotencyKeyHeaders } from '../schemas/fields.ts';
import { adminRefundList, adminRefundsQuery, adminRefundView, declineRefundBody, refundIdParams } from '../schemas/refunds.ts';
import { endpoint } from './endpoint.ts';

const tags = ['operator'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The operator panel's read calls. Lists answer one page as an array, with X-Total-Count
 * (X-Total-Count-Capped when it is a lower bound) and X-Next-Cursor.
 */
export const adminEndpoints = {
  users: endpoint({
    method: 'GET',
    path: '/admin/users',
    auth: 'operator',
    tags,
    query: adminListQuery,
    responses: { 200: z.array(adminUserView) },
  }),
  usersExport: endpoint({
    method: 'GET',
    path: '/admin/users/export',
    auth: 'operator',
    tags,
    query: adminUsersExportQuery,
    produces: XLSX,
    description:
      'Every member matching `q` as an Excel sheet, newest first, streamed as it is read (no Content-Length); recorded in the audit log with the row count when it ends.',
  }),
  userReports: endpoint({
    method: 'GET',
    path: '/admin/users/:id/reports',
    auth: 'operator',
    tags,
    params: adminUserParams,
    query: adminMemberListQuery,
    responses: { 200: z.array(adminReportView) },
  }),
  userTransactions: endpoint({
    method: 'GET',
    path: '/admin/users/:id/transactions',
    auth: 'operator',
    tags,
    params: adminUserParams,
    query: adminMemberListQuery,
    responses: { 200: z.array(transactionView) },
    description: "A member's purchases, newest first: one page (`limit`, default 50), then X-Next-Cursor.",
  }),
  transactions: endpoint({
    method: 'GET',
    path: '/admin/transactions',
    auth: 'operator',
    tags,
    query: adminTransactionsQuery,
    responses: { 200: z.array(transactionView) },
  }),
  transactionsExport: endpoint({
    method: 'GET',
    path: '/admin/transactions/export',
    auth: 'operator',
    tags,
    query: adminTransactionsExportQuery,
    produces: XLSX,
    description:
      'Every purchase matching the filters as an Excel sheet, newest first, streamed as it is read; recorded in the audit log with the row count when it ends.',
  }),
  adjustTokens: endpoint({
    method: 'POST',
    path: '/admin/users/:id/token-adjustments',
    auth: 'operator',
    tags,
    params: adminUserParams,
    headers: idempotencyKeyHeaders,
    body: tokenAdjustmentBody,
    responses: { 201: tokenAdjustmentView, 200: tokenAdjustmentView },
    description:
      'Grants (positive) or deducts (negative) tokens with a reason the member sees; written to the audit log. A deduction beyond the balance is a 422. Send an Idempotency-Key header to make retries safe: a repeat answers 200 with the first answer, and the same key with a different amount or reason is a 422.',
  }),
  stats: endpoint({ method: 'GET', path: '/admin/stats', auth: 'operator', tags, responses: { 200: adminStatsView } }),
  evidenceSources: endpoint({
    method: 'GET',
    path: '/admin/evidence-sources',
    auth: 'operator',
    tags,
    responses: { 200: z.array(adminEvidenceSourceView) },
    description:
      'Each configured prior-art and literature source: searches, failures and cache hits today and this week, its last failure, a spent allowance and the start-up check of its key.',
  }),
  refunds: endpoint({
    method: 'GET',
    path: '/admin/refunds',
    auth: 'operator',
    tags,
    query: adminRefundsQuery,
    responses: { 200: adminRefundList },
    description:
      'Refund requests, newest first, optionally of one status, a page at a time (`limit`, default 50; X-Next-Cursor names the next page), with the count waiting for a decision. Each row carries what the list shows, its reasons shortened to 280 characters (`reasons_cut`; the whole request from `GET /admin/refunds/{id}`).',
  }),
  refund: endpoint({
    method: 'GET',
    path: '/admin/refunds/:id',
    auth: 'operator',
    tags,
    params: refundIdParams,
    responses: { 200: adminRefundView },
    description:
      "One refund request whole: both reasons in full, when it was decided, the provider's refund id. The list carries each reason shortened (`reasons_cut`). Unknown or malformed id: 404.",
  }),
  approveRefund: endpoint({
    method: 'POST',
    path: '/admin/refunds/:id/approve',
    auth: 'operator',
    tags,
    params: refundIdParams,
    responses: { 200: adminRefundView },
    description:
      "Approves a request: refunds the amount less the 10 % fee through the provider (once, however often it is called), removes the package's tokens, issues the credit note and mails the member. On a failed refund it retries.",
  }),
  declineRefund: endpoint({
    method: 'POST',
    path: '/admin/refunds/:id/decline',
    auth: 'operator',
    tags,
    params: refundIdParams,
    body: declineRefundBody,
    responses: { 200: adminRefundView },
  }),
  mailPreviews: endpoint({
    method: 'GET',
    path: '/admin/mail-previews',
    auth: 'operator',
    tags,
    responses: { 200: mailPreviewList },
    description:
      'Development only (404 when NODE_ENV is production): every mail template, by name, drawn with its sample data: subject, plain text and HTML, for operators to check wording and layout.',
  }),
};
