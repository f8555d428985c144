import { z } from 'zod';
import {
  adminListQuery,
  adminMemberListQuery,
  adminReportView,
  adminStatsView,
  adminUserParams,
  adminUserView,
  tokenAdjustmentBody,
  tokenAdjustmentView,
  transactionView,
} from '../schemas/admin.ts';
import { endpoint } from './endpoint.ts';

const tags = ['operator'];

/**
 * The operator panel's read calls. Lists answer one page as an array, with X-Total-Count
 * (X-Total-Count-Capped when it is a lower bound) and X-Next-Cursor.
 */
export const adminEndpoints = {
  users: endpoint({ method: 'GET', path: '/admin/users', auth: 'operator', tags, query: adminListQuery, responses: { 200: z.array(adminUserView) } }),
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
    method: 'GET', path: '/admin/users/:id/transactions', auth: 'operator', tags, params: adminUserParams, responses: { 200: z.array(transactionView) },
  }),
  transactions: endpoint({
    method: 'GET', path: '/admin/transactions', auth: 'operator', tags, query: adminListQuery, responses: { 200: z.array(transactionView) },
  }),
  adjustTokens: endpoint({
    method: 'POST',
    path: '/admin/users/:id/token-adjustments',
    auth: 'operator',
    tags,
    params: adminUserParams,
    body: tokenAdjustmentBody,
    responses: { 201: tokenAdjustmentView },
    description: 'Grants (positive) or deducts (negative) tokens with a reason the member sees; written to the audit log. A deduction beyond the balance is a 422.',
  }),
  stats: endpoint({ method: 'GET', path: '/admin/stats', auth: 'operator', tags, responses: { 200: adminStatsView } }),
};
