import { contactEndpoints as e } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { operator } from '../../http/operator-guard.ts';
import { route } from '../../http/route.ts';
import type { AppInstance } from '../../http/types.ts';
import { pageHeaders } from '../../lib/paging.ts';
import { audit } from '../operators/index.ts';
import { eraseSubmission } from './erase-submission.ts';
import { exportSubmissions } from './export-submissions.ts';
import { setSubmissionHandled } from './set-submission-handled.ts';
import { listSubmissions } from './list-submissions.ts';
import { submitContact } from './submit-contact.ts';

export function contactRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    route(app, e.submit, async (req) => submitContact(deps, req.body, req.ip));

    route(app, e.submissions, async (req, reply) => {
      const { page, cursor, limit, ...filter } = req.query;
      const { submissions, total, next } = await listSubmissions(deps.db, filter, { page, cursor, limit });
      pageHeaders(reply, { total, next });
      return submissions;
    });

    route(app, e.export, async (req, reply) => {
      const by = operator(req);
      const csv = exportSubmissions(deps.db, req.query, async (count, complete) => {
        await audit(deps.db, by, 'contact.export', null, { count, complete, filter: req.query });
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="contact-submissions-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    });

    route(app, e.setHandled, async (req) => setSubmissionHandled(deps.db, operator(req), req.params.id, req.body.handled));

    route(app, e.erase, async (req) => eraseSubmission(deps.db, operator(req), req.params.id));
  };
}
