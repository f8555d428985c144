import {
  contactRequest,
  contactResponse,
  contactSubmissionSchema,
  contactSubmissionsQuery,
} from '@assay/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { AppInstance } from '../../http/types.ts';
import { pageHeaders } from '../../lib/paging.ts';
import { audit, operator, requireOperator } from '../operators/index.ts';
import { exportSubmissions } from './export-submissions.ts';
import { listSubmissions } from './list-submissions.ts';
import { submitContact } from './submit-contact.ts';

export function contactRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['contact'];

    r.post('/contact', {
      schema: {
        tags,
        description: 'Both contact forms. `reason` is optional (the RTTP form omits it). Limited per client address.',
        body: contactRequest,
        response: { 200: contactResponse },
      },
    }, async (req) => submitContact(deps, req.body, req.ip));

    await app.register(async (admin) => {
      const a = admin.withTypeProvider<ZodTypeProvider>();
      const schema = { tags, security: [{ admin: [] }] };
      a.addHook('preHandler', requireOperator(deps));

      a.get('/contact/submissions', {
        schema: {
          ...schema,
          description: 'Newest first, one page (at most `limit`): by `page`, or after `cursor` (from X-Next-Cursor). Filters: q (name, email, message), from/to (YYYY-MM-DD, inclusive). X-Total-Count (X-Total-Count-Capped when a lower bound).',
          querystring: contactSubmissionsQuery,
          response: { 200: z.array(contactSubmissionSchema) },
        },
      }, async (req, reply) => {
        const { page, cursor, limit, ...filter } = req.query;
        const { submissions, total, next } = await listSubmissions(deps.db, filter, { page, cursor, limit });
        pageHeaders(reply, { total, next });
        return submissions;
      });

      a.get('/contact/export', {
        schema: {
          ...schema,
          description: 'The (filtered) submissions as a CSV file.',
          querystring: contactSubmissionsQuery.omit({ page: true, cursor: true, limit: true }),
          produces: ['text/csv'],
        },
      }, async (req, reply) => {
        const { csv, count } = await exportSubmissions(deps.db, req.query);
        await audit(deps.db, operator(req), 'contact.export', null, { count, filter: req.query });
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="contact-submissions-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(csv);
      });
    });
  };
}
