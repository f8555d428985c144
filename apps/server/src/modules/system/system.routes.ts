import { systemEndpoints as e } from '@assay/shared';
import { pendingMigrations } from '../../db/migrate.ts';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import type { AppInstance } from '../../http/types.ts';

export function systemRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    route(app, e.health, async () => ({ status: 'ok' as const }));

    /** Outside addresses the web app links to, from configuration. */
    route(app, e.siteConfig, async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      const c = deps.config;
      return {
        support_email: c.SUPPORT_EMAIL,
        consultation_url: c.CONSULTATION_URL,
        careers_form_url: c.CAREERS_FORM_URL,
        scheduler_script_url: c.SCHEDULER_SCRIPT_URL,
        social: { linkedin: c.SOCIAL_LINKEDIN_URL, twitter: c.SOCIAL_TWITTER_URL, facebook: c.SOCIAL_FACEBOOK_URL },
        google_client_id: deps.google.clientId ?? null,
        // Said before tokens are spent, not only on the PDF's cover (issue 24).
        report_writer: { offline: deps.reportPorts.llm === null },
        prior_art_search: deps.reportPorts.evidence.length > 0,
        report_changes: { correction_percent: c.REPORT_CORRECTION_PERCENT, section_tokens: c.SECTION_REWRITE_TOKENS },
      };
    });

    route(app, e.ready, async (_req, reply) => {
      try {
        const pending = await pendingMigrations(deps.db);
        if (pending.length) {
          reply.code(503);
          return { detail: `Pending migrations: ${pending.join(', ')}` };
        }
        return { status: 'ready' as const, database: deps.db.kind };
      } catch {
        reply.code(503);
        return { detail: 'Database unreachable' };
      }
    });
  };
}
