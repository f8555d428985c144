import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml, firstReads } from '@assay/shared';
import { cachedBody, type CachedBody } from './public-cache.ts';
import { serverRender } from './server-render.ts';
import type { AppInstance } from './types.ts';

/**
 * Serves the built web app: hashed assets cached for a year, every other GET path answered
 * with index.html (with `headTags` added to its <head>) so the SPA's router owns it. `/api/*` never falls through to the SPA.
 * Each file is sent as the build's brotli or gzip copy when the client accepts one (the web
 * build writes `.br` and `.gz` beside every file worth compressing), else as plain bytes.
 */
export async function serveSpa(app: AppInstance, distDir: string, options: { headTags?: string } = {}) {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web build not found: run `npm run build` (the API still works)');
    return;
  }
  // Tags every page carries (the feeds' autodiscovery links), before the end of <head>.
  const built = readFileSync(indexFile, 'utf8');
  const indexHtml = options.headTags ? built.replace(/<\/head>/i, (end) => `${options.headTags}\n  ${end}`) : built;
  app.decorate('spaIndexHtml', indexHtml);
  app.decorate('spaIndexPage', cachedBody(indexHtml, 'text/html; charset=utf-8'));
  const htmlFor = screenHtml(indexHtml, readPreloads(path.join(distDir, 'route-preloads.json')));
  // `vite build --ssr` writes the server render's bundle beside the web build (decision 128).
  serverRender(app, path.join(distDir, '..', 'dist-ssr', 'entry-server.js'));
  const pages = new Map<string, CachedBody>();
  app.decorate('spaHtmlFor', htmlFor);
  app.decorate('spaPageFor', (pathname: string) => {
    const html = htmlFor(pathname);
    if (html === indexHtml) return app.spaIndexPage!;
    let page = pages.get(html);
    // One copy per distinct page: the route table's paths without parameters, a few dozen.
    if (pages.size > 200) pages.clear();
    if (!page) pages.set(html, (page = cachedBody(html, 'text/html; charset=utf-8')));
    return page;
  });
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

type Preloads = Record<string, string[]>;

function readPreloads(file: string): Preloads {
  if (!existsSync(file)) return {};
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  return parsed && typeof parsed === 'object' ? (parsed as Preloads) : {};
}

/** `/blog/:slug` → /^\/blog\/[^/]+$/; paths without parameters match exactly. */
const pattern = (routePath: string) =>
  new RegExp(
    `^${routePath
      .split('/')
      .map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
  );

/**
 * index.html for a path, naming the built scripts of that path's screen as modulepreload links
 * (the web build's route-preloads.json) and the public reads it starts with as fetch preloads
 * (firstReads): the browser fetches them beside the shell, not after the shell has run and asked
 * for them (decision 127). A page the server rendered carries its reads' answers, so it is asked
 * for without them (`reads: false`). Unknown paths get index.html as it is.
 */
export function screenHtml(indexHtml: string, preloads: Preloads): (pathname: string, options?: { reads?: boolean }) => string {
  // After the shell's own scripts and styles: those come first on a slow link.
  const marker = '</head>';
  const pages = Object.entries(preloads)
    .filter(([, files]) => Array.isArray(files) && files.length > 0)
    .map(([routePath, files]) => {
      const links = files
        .filter((f) => /^\/assets\/[\w.-]+\.js$/.test(f))
        .map((f) => `<link rel="modulepreload" crossorigin href="${f}">`)
        .join('');
      return { test: pattern(routePath), html: indexHtml.replace(marker, () => `${links}\n${marker}`) };
    });
  return (pathname, { reads: withReads = true } = {}) => {
    const html = pages.find((p) => p.test.test(pathname))?.html ?? indexHtml;
    if (!withReads) return html;
    let reads: string[];
    try {
      reads = firstReads(pathname);
    } catch {
      return html; // a malformed escape in the path: no reads to name
    }
    if (!reads.length) return html;
    const links = reads.map((url) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(url)}">`).join('');
    return html.replace(marker, () => `${links}\n${marker}`);
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    spaIndexHtml?: string;
    /** The same, with its validator and compressed forms. */
    spaIndexPage?: CachedBody;
    /** index.html for a path, with its screen's scripts (and unless told not to, its first reads) named for preloading. */
    spaHtmlFor?: (pathname: string, options?: { reads?: boolean }) => string;
    /** The same, with its validator and compressed forms. */
    spaPageFor?: (pathname: string) => CachedBody;
  }
}
