import type { RenderReportInput } from '@assay/report-engine';
import { REPORT_MESSAGES } from '@assay/shared';
import type { Config } from '../../config/env.ts';
import { serviceUnavailable } from '../../lib/errors.ts';
import { createWorkerPool, PoolBusyError, type WorkerPool } from '../../lib/worker-pool.ts';

/**
 * A share link's watermarked copy (a whole report: about a second of synchronous layout for a Basic
 * one, several for a Comprehensive one) is drawn on a worker thread (share-render-worker.ts), as
 * invoices are (decision 181), so making a link never holds the event loop every other request is
 * waiting on. At most PDF_RENDER_CONCURRENCY copies at once per process; one pool per process.
 */
let pool: WorkerPool<RenderReportInput, Buffer> | undefined;

/** The worker script: the TypeScript source beside this file, or the bundled entry beside the build. */
const script = () =>
  import.meta.url.endsWith('.ts')
    ? new URL('./share-render-worker.ts', import.meta.url)
    : new URL('./share-render-worker.js', import.meta.url);

export async function renderShareCopy(config: Pick<Config, 'PDF_RENDER_CONCURRENCY'>, input: RenderReportInput): Promise<Buffer> {
  try {
    return await renderReportOffThread(config, input);
  } catch (err) {
    if (err instanceof PoolBusyError) throw serviceUnavailable(REPORT_MESSAGES.sharesBusy, 'busy');
    throw err;
  }
}

/**
 * A stored report drawn again on the same render workers: a shared copy (above) or a reviewed PDF
 * (the experts module, decision 233). Throws PoolBusyError when too many wait: the caller says
 * what is busy.
 */
export async function renderReportOffThread(config: Pick<Config, 'PDF_RENDER_CONCURRENCY'>, input: RenderReportInput): Promise<Buffer> {
  pool ??= createWorkerPool<RenderReportInput, Buffer>({
    script: script(),
    size: config.PDF_RENDER_CONCURRENCY,
    // A link is made by a member's click: a few dozen waiting is already a minute; beyond, ask again.
    maxWaiting: 50,
    revive: (value) => {
      const bytes = value as Uint8Array;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
  });
  return pool.run(input);
}

/** How many shared copies this process has drawn on its workers (tests count renders with it). */
export const renderedShareCopies = () => pool?.stats().done ?? 0;
