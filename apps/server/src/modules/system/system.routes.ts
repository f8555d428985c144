import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteConfigResponse } from '@assay/shared';
import { z } from 'zod';
import { pendingMigrations } from '../../db/migrate.ts';
import type { Deps } from '../../deps.ts';
import type { AppInstance } from '../../http/types.ts';

export function systemRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['system'];

    r.get('/health', { schema: { tags, response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({
      status: 'ok' as const,
    }));

    /** Outside addresses the web app links to, from configuration. */
    r.get('/site-config', { schema: { tags, response: { 200: siteConfigResponse } } }, async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      const c = deps.config;
      return {
        support_email: c.SUPPORT_EMAIL,
        consultation_url: c.CONSULTATION_URL,
        expert_form_url: c.EXPERT_FORM_URL,
        careers_form_url: c.CAREERS_FORM_URL,
        scheduler_script_url: c.SCHEDULER_SCRIPT_URL,
        social: { linkedin: c.SOCIAL_LINKEDIN_URL, twitter: c.SOCIAL_TWITTER_URL, facebook: c.SOCIAL_FACEBOOK_URL },
        google_client_id: deps.google.clientId ?? null,
      };
    });

    /** Ready when the database answers and every migration is applied. */
    r.get('/ready', {
      schema: { tags, response: { 200: z.object({ status: z.literal('ready'), database: z.string() }), 503: z.object({ detail: z.string() }) } },
    }, async (_req, reply) => {
      try {
        const pending = await pendingMigrations(deps.db);
        if (pending.length) return reply.code(503).send({ detail: `Pending migrations: ${pending.join(', ')}` });
        return { status: 'ready' as const, database: deps.db.kind };
      } catch {
        return reply.code(503).send({ detail: 'Database unreachable' });
      }
    });
  };
}
