import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
