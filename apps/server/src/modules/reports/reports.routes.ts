import { generateReportRequest, lineText, MSG, reportIdParams, reportListQuery, reportListResponse, reportView } from '@assay/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { AppInstance } from '../../http/types.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { member, requireMember } from '../auth/index.ts';
import { requireOperator } from '../operators/index.ts';
import { openReportPdf } from './download-report.ts';
import { findReport } from './find-report.ts';
import { generateReport } from './generate-report.ts';
import { listReports } from './list-reports.ts';
import { createStreamSlots, streamReportEvents } from './report-events.ts';
import { toReportView } from './report-view.ts';

const tags = ['reports'];
const security = [{ bearer: [] }];
/** A refused stream's client can poll GET /reports/{id} meanwhile; the web app polls every 5 s. */
const STREAM_RETRY_SECONDS = 5;

export function reportsRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const asMember = requireMember(deps);
    const asOperator = requireOperator(deps);
    const streams = createStreamSlots();

    r.post('/reports/generate', {
      preHandler: asMember,
      schema: {
        tags,
        security,
        description: 'Holds the tier’s cost, creates the report and queues its generation, atomically. Send an Idempotency-Key header to make retries safe.',
        headers: z.object({ 'idempotency-key': lineText().min(1).max(200).optional() }),
        body: generateReportRequest,
        response: { 201: reportView, 200: reportView },
      },
    }, async (req, reply) => {
      const { report, created } = await generateReport(deps, member(req).userId, req.body, req.headers['idempotency-key']);
      reply.code(created ? 201 : 200);
      return report;
    });

    r.get('/reports', { preHandler: asMember, schema: { tags, security, querystring: reportListQuery, response: { 200: reportListResponse } } },
      async (req) => listReports(deps.db, member(req).userId, req.query));

    r.get('/reports/:id', { preHandler: asMember, schema: { tags, security, params: reportIdParams, response: { 200: reportView } } },
      async (req) => toReportView(await findReport(deps.db, req.params.id, member(req).userId)));

    r.get('/reports/:id/events', {
      preHandler: asMember,
      schema: { tags, security, params: reportIdParams, description: 'Server-Sent Events: `report` events with the report and its progress until it completes or fails.' },
    }, async (req, reply) => {
      const report = await findReport(deps.db, req.params.id, member(req).userId);
      const release = streams.take(member(req).userId);
      if (!release) throw tooManyRequests(STREAM_RETRY_SECONDS, MSG.tooManyReportStreams);
      await streamReportEvents(deps.db, reply, report, release);
    });

    /** The owner with a bearer token, or an operator with basic authorization. */
    const memberOrOperator = async (req: FastifyRequest, reply: FastifyReply) =>
      req.headers.authorization?.startsWith('Basic ') ? asOperator(req, reply) : asMember(req, reply);

    r.get('/reports/:id/download', {
      preHandler: memberOrOperator,
      schema: { tags, security: [{ bearer: [] }, { admin: [] }], params: reportIdParams },
    }, async (req, reply) => {
      const ownerId = req.member?.userId;
      const file = await openReportPdf(deps, req.params.id, ownerId);
      reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `attachment; filename="${file.filename.ascii.replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(file.filename.utf8)}`,
        );
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply.send(file.body);
    });
  };
}
