import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppInstance } from './types.ts';

/**
 * Serves the built web app: hashed assets cached for a year, every other GET path answered
 * with index.html so the SPA's router owns it. `/api/*` never falls through to the SPA.
 */
export async function serveSpa(app: AppInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web build not found: run `npm run build` (the API still works)');
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  app.decorate('spaIndexHtml', indexHtml);
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    spaIndexHtml?: string;
  }
}
