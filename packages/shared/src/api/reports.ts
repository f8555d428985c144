import { idempotencyKeyHeaders } from '../schemas/fields.ts';
import {
  generateReportRequest,
  renameReportRequest,
  reportIdParams,
  reportListQuery,
  reportListResponse,
  reportView,
  understandIdeaRequest,
  understandIdeaResponse,
} from '../schemas/reports.ts';
import { endpoint } from './endpoint.ts';

const tags = ['reports'];

/** A member's reports: reading an idea, generating, listing, following, renaming, downloading. */
export const reportsEndpoints = {
  understand: endpoint({
    method: 'POST',
    path: '/reports/understand',
    auth: 'member',
    tags,
    description:
      'What we understood: the invention record read from the idea by the writer in use (the offline parser, or one model call), for the member to confirm or edit before generating. Holds no tokens; limited per member (429 with Retry-After).',
    body: understandIdeaRequest,
    responses: { 200: understandIdeaResponse },
  }),
  generate: endpoint({
    method: 'POST',
    path: '/reports/generate',
    auth: 'member',
    tags,
    description: 'Holds the tier’s cost, creates the report and queues its generation, atomically. With `record` (the confirmed invention record) the report is built on it and titled with its name; without, the record is read from the idea. Send an Idempotency-Key header to make retries safe (a repeat answers 200 with the first report).',
    headers: idempotencyKeyHeaders,
    body: generateReportRequest,
    responses: { 201: reportView, 200: reportView },
  }),
  list: endpoint({ method: 'GET', path: '/reports', auth: 'member', tags, query: reportListQuery, responses: { 200: reportListResponse } }),
  get: endpoint({ method: 'GET', path: '/reports/:id', auth: 'member', tags, params: reportIdParams, responses: { 200: reportView } }),
  rename: endpoint({
    method: 'PATCH',
    path: '/reports/:id',
    auth: 'member',
    tags,
    description: 'Renames the report; the PDF downloads under the new title.',
    params: reportIdParams,
    body: renameReportRequest,
    responses: { 200: reportView },
  }),
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
