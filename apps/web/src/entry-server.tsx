import { dehydrate, QueryClient, type Query } from '@tanstack/react-query';
import { Writable } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppFrame } from './app/App.tsx';
import { AppRoutes } from './app/routes.tsx';
import { stateScript, withoutTimes } from './app/server-state.ts';
import { setTransport } from './lib/api.ts';

/** A page rendered on the server: the root's markup and the data to hydrate it with. */
export interface RenderedPage {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** The `<script type="application/json">` with the dehydrated queries, for the end of `<body>`. */
  stateHtml: string;
}

/** Renders passes until no query the page starts is left to fetch; more means something loops. */
const MAX_PASSES = 4;

/**
 * Renders a public page with the same route table and screens as the browser (decision 128).
 * `send` answers the app's requests (the server calls its own routes in process). The page is
 * rendered, the queries it started are fetched, and it is rendered again with their data, until
 * it asks for nothing new; lazy screens and Suspense are waited for by `prerender`. Answers null
 * when the page cannot be rendered as the browser would start it — a read failed, a render threw —
 * so the server sends the plain app shell instead.
 */
export async function renderPage(url: string, send: typeof fetch): Promise<RenderedPage | null> {
  setTransport(send);
  // No retries and no refetching: one answer per read, as the browser will be given it.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } } });
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const html = await renderOnce(url, client);
    if (html === null) return null;
    const queries = client.getQueryCache().getAll();
    if (queries.some((q) => q.state.status === 'error')) return null;
    const waiting = queries.filter((q) => q.state.status === 'pending' && enabled(q));
    if (!waiting.length) return { html, stateHtml: stateScript(withoutTimes(dehydrate(client))) };
    await Promise.all(waiting.map((q) => q.fetch().catch(() => undefined)));
  }
  return null;
}

/** Whether a query would fetch in the browser (a member's balance, say, waits for a member). */
function enabled(q: Query): boolean {
  const option = (q.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof option === 'function' ? option(q) : option !== false;
}

async function renderOnce(url: string, client: QueryClient): Promise<string | null> {
  let failed = false;
  const { prelude } = await prerenderToNodeStream(
    <AppFrame client={client}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </AppFrame>,
    // One piece: no boundary is sent apart with a script to move it in place (the page's CSP
    // allows no inline script, and there is nothing to stream: the page is kept whole).
    { onError: () => void (failed = true), progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    prelude
      .pipe(new Writable({ write: (chunk: Buffer, _enc, done) => void (chunks.push(chunk), done()) }))
      .on('finish', resolve)
      .on('error', reject);
  });
  return failed ? null : Buffer.concat(chunks).toString('utf8');
}
