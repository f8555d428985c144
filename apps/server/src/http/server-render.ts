import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { API_BASE } from '@assay/shared';
import type { AppInstance } from './types.ts';

/** A page the web app's server entry rendered (apps/web/src/entry-server.tsx). */
export interface RenderedPage {
  /** The markup inside `<div id="root">`. */
  html: string;
  /** The `<script type="application/json">` with the data it was rendered from. */
  stateHtml: string;
}
type RenderPage = (url: string, send: typeof fetch) => Promise<RenderedPage | null>;

/**
 * The user agent of the reads a render makes: a crawler's, so reading a post for a page counts
 * no view (the page's own request counts it, seo/public-reads.ts).
 */
export const SERVER_RENDER_AGENT = 'assay-server-render (bot)';

/** A render slower than this (a database that does not answer) sends the unrendered app instead. */
const RENDER_TIMEOUT_MS = 3000;

/**
 * Renders public pages with the web app's own screens (decision 128). The bundle (`vite build
 * --ssr`, with React's server renderer) is loaded on the first page asked for, not at start. The
 * app's reads are answered by this server's own routes in process (`inject`), through the public
 * cache like any visitor's, and only public GETs under /api are allowed. No bundle (an API-only
 * build), a failed render or one slower than RENDER_TIMEOUT_MS: `renderPage` answers null and the
 * page is sent unrendered (the app then draws it in the browser, as before decision 128).
 */
export function serverRender(app: AppInstance, bundle: string) {
  if (!existsSync(bundle)) {
    app.log.warn({ bundle }, 'server render bundle not found: public pages are sent unrendered');
    return;
  }
  let loaded: Promise<RenderPage> | undefined;
  const send = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
    if ((init?.method ?? 'GET') !== 'GET' || !url.startsWith(`${API_BASE}/`)) throw new Error(`server render: ${url} is not a public read`);
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json', 'user-agent': SERVER_RENDER_AGENT } });
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.rawPayload, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };
  app.decorate('renderPage', async (url: string) => {
    loaded ??= import(pathToFileURL(bundle).href).then((m: { renderPage: RenderPage }) => m.renderPage);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        app.log.warn({ url, ms: RENDER_TIMEOUT_MS }, 'server render too slow: the page is sent unrendered');
        resolve(null);
      }, RENDER_TIMEOUT_MS);
    });
    try {
      return await Promise.race([(async () => (await loaded)(url, send as typeof fetch))(), late]);
    } catch (err) {
      app.log.error({ err, url }, 'server render failed: the page is sent unrendered');
      return null;
    } finally {
      clearTimeout(timer);
    }
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A public page's markup and data, or null to send the app unrendered (serverRender). */
    renderPage?: (url: string) => Promise<RenderedPage | null>;
  }
}
