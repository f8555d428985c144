import { idempotencyKeyHeaders } from '../schemas/fields.ts';
import {
  generateReportRequest,
  reportIdParams,
  reportListQuery,
  reportListResponse,
  reportView,
} from '../schemas/reports.ts';
import { endpoint } from './endpoint.ts';

const tags = ['reports'];

/** A member's reports: generating, listing, following, downloading. */
export const reportsEndpoints = {
  generate: endpoint({
    method: 'POST',
    path: '/reports/generate',
    auth: 'member',
    tags,
    description: 'Holds the tier’s cost, creates the report and queues its generation, atomically. Send an Idempotency-Key header to make retries safe (a repeat answers 200 with the first report).',
    headers: idempotencyKeyHeaders,
    body: generateReportRequest,
    responses: { 201: reportView, 200: reportView },
  }),
  list: endpoint({ method: 'GET', path: '/reports', auth: 'member', tags, query: reportListQuery, responses: { 200: reportListResponse } }),
  get: endpoint({ method: 'GET', path: '/reports/:id', auth: 'member', tags, params: reportIdParams, responses: { 200: reportView } }),
  events: endpoint({
    method: 'GET',
    path: '/reports/:id/events',
    auth: 'member',
    tags,
    description: 'Server-Sent Events: `report` events with the report and its progress until it completes or fails.',
    params: reportIdParams,
    produces: 'text/event-stream',
  }),
  download: endpoint({
    method: 'GET',
    path: '/reports/:id/download',
    auth: 'member_or_operator',
    tags,
    description: 'The PDF: its owner with a bearer token, or an operator with basic authorization.',
    params: reportIdParams,
    produces: 'application/pdf',
  }),
};
