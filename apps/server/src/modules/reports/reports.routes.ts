import { MSG, reportsEndpoints as e } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { audit } from '../operators/index.ts';
import { member } from '../../http/member-guard.ts';
import { route } from '../../http/route.ts';
import type { AppInstance } from '../../http/types.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { openReportPdf, pdfFilename } from './download-report.ts';
import { findReport } from './find-report.ts';
import { requestReport } from './request-report.ts';
import { listReports } from './list-reports.ts';
import { renameReport } from './rename-report.ts';
import { createStreamSlots, streamReportEvents } from './report-events.ts';
import { listenForReportProgress } from './report-progress.ts';
import { toReportView } from './report-view.ts';
import { understandMemberIdea } from './understand-idea.ts';
import { cancelReport } from './cancel-report.ts';
import { deleteReport } from './delete-report.ts';
import { listVersions, openVersionPdf, restoreReportVersion } from './report-versions.ts';
import { compareVersions } from './compare-versions.ts';
import { retryReport } from './retry-report.ts';
import { upgradeReport } from './upgrade-report.ts';
import { correctReport } from './correct-report.ts';
import { regenerateSection } from './regenerate-section.ts';
import { createShareLink, listShareLinks, revokeShareLink } from './share-links.ts';
import { openSharedPdf, readSharedReport } from './shared-report.ts';
import { shareEndpoints as share } from '@assay/shared';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';

/** A refused stream's client can poll GET /reports/{id} meanwhile; the web app polls every 5 s. */
const STREAM_RETRY_SECONDS = 5;

export function reportsRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    const streams = createStreamSlots();
    // One listener for the whole process; every open stream hangs off it.
    const progress = await listenForReportProgress(deps.db, app.log, deps.config.REPORT_STREAM_FALLBACK_MS);
    app.addHook('onClose', () => progress.close());

    route(app, e.understand, async (req, reply) => {
      // A member who leaves the form stops the model call they started.
      const left = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) left.abort();
      });
      return understandMemberIdea(deps, member(req).userId, req.body.idea, left.signal);
    });

    route(app, e.generate, async (req, reply) => {
      const { report, created } = await requestReport(deps, member(req).userId, req.body, req.headers['idempotency-key']);
      reply.code(created ? 201 : 200);
      return report;
    });

    route(app, e.list, async (req) => listReports(deps.db, member(req).userId, req.query));

    route(app, e.get, async (req) => toReportView(await findReport(deps.db, req.params.id, member(req).userId)));

    route(app, e.rename, async (req) => renameReport(deps, req.params.id, member(req).userId, req.body.title));

    route(app, e.events, async (req, reply) => {
      const report = await findReport(deps.db, req.params.id, member(req).userId);
      const release = streams.take(member(req).userId);
      if (!release) throw tooManyRequests(STREAM_RETRY_SECONDS, MSG.tooManyReportStreams);
      await streamReportEvents(deps.db, progress, reply, report, release);
    });

    // The owner with a bearer token, or an operator (no member, so any report).
    route(app, e.download, async (req, reply) => {
      const file = await openReportPdf(deps, req.params.id, req.member?.userId);
      // An operator reading a member's report is on the record (docs/product.md §6).
      if (req.operator) await audit(deps.db, req.operator, 'report.download', req.params.id, { title: file.title });
      return sendPdf(reply, file);
    });

    route(app, e.retry, async (req) => retryReport(deps, req.params.id, member(req).userId));
    route(app, e.cancel, async (req) => cancelReport(deps, req.params.id, member(req).userId));
    route(app, e.upgrade, async (req) => upgradeReport(deps, req.params.id, member(req).userId, req.body.complexity));
    route(app, e.remove, async (req) => {
      await deleteReport(deps, req.params.id, member(req).userId);
      return { message: 'Report deleted' };
    });
    route(app, e.correct, async (req) => correctReport(deps, req.params.id, member(req).userId, req.body.record));
    route(app, e.regenerateSection, async (req) =>
      regenerateSection(deps, req.params.id, member(req).userId, req.params.section, req.body.note),
    );
    route(app, e.createShareLink, async (req, reply) => {
      reply.code(201);
      return createShareLink(deps, req.params.id, member(req).userId, req.body);
    });
    route(app, e.listShareLinks, async (req) => listShareLinks(deps, req.params.id, member(req).userId));
    route(app, e.revokeShareLink, async (req) => {
      await revokeShareLink(deps, req.params.id, req.params.link_id, member(req).userId);
      return { message: 'Link revoked' };
    });
    // The viewer (no account): never cached, never indexed, no referrer carrying the token onwards.
    route(app, share.view, async (req, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');
      return readSharedReport(deps, req.params.token);
    });
    route(app, share.pdf, async (req, reply) => {
      const file = await openSharedPdf(deps, req.params.token, req.body.passcode, req.ip);
      reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');
      return sendPdf(reply, { ...file, filename: pdfFilename(file.title) }, 'inline');
    });
    route(app, e.versions, async (req) => listVersions(deps, req.params.id, member(req).userId));
    route(app, e.versionDownload, async (req, reply) =>
      sendPdf(reply, await openVersionPdf(deps, req.params.id, req.params.n, member(req).userId)),
    );
    route(app, e.compareVersions, async (req) => compareVersions(deps, req.params.id, req.params.n, req.query.with, member(req).userId));
    route(app, e.restoreVersion, async (req) => restoreReportVersion(deps, req.params.id, req.params.n, member(req).userId));
  };
}

/** A stored PDF as a download, under a file name that is safe in both header forms. */
export function sendPdf(
  reply: FastifyReply,
  file: { body: Readable; size: number | undefined; filename: { ascii: string; utf8: string } },
  disposition: 'attachment' | 'inline' = 'attachment',
) {
  reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header(
      'content-disposition',
      `${disposition}; filename="${file.filename.ascii.replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(file.filename.utf8)}`,
    );
  if (file.size !== undefined) reply.header('content-length', file.size);
  return reply.send(file.body);
}
