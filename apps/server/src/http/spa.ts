import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cachedBody, type CachedBody } from './public-cache.ts';
import type { AppInstance } from './types.ts';

/**
 * Serves the built web app: hashed assets cached for a year, every other GET path answered
 * with index.html so the SPA's router owns it. `/api/*` never falls through to the SPA.
 * Each file is sent as the build's brotli or gzip copy when the client accepts one (the web
 * build writes `.br` and `.gz` beside every file worth compressing), else as plain bytes.
 */
export async function serveSpa(app: AppInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web build not found: run `npm run build` (the API still works)');
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  app.decorate('spaIndexHtml', indexHtml);
  app.decorate('spaIndexPage', cachedBody(indexHtml, 'text/html; charset=utf-8'));
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
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
    /** The same, with its validator and compressed forms. */
    spaIndexPage?: CachedBody;
  }
}
