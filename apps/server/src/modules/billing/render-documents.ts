import type { Config } from '../../config/env.ts';
import { serviceUnavailable } from '../../lib/errors.ts';
import { createWorkerPool, PoolBusyError, type WorkerPool } from '../../lib/worker-pool.ts';
import { BILLING_MESSAGES } from '@assay/shared';
import type { CreditNoteRow } from './credit-note-row.ts';
import type { InvoiceRow } from './invoice-row.ts';

export type RenderTask = { kind: 'invoice'; invoice: InvoiceRow } | { kind: 'credit_note'; note: CreditNoteRow; invoice: InvoiceRow };

/**
 * Invoice and credit-note PDFs are drawn on worker threads (render-worker.ts), at most
 * PDF_RENDER_CONCURRENCY at once per process, so a member's download, an export or a receipt
 * never holds the event loop another member's balance call is waiting on. One pool per process.
 */
let pool: WorkerPool<RenderTask, Buffer> | undefined;

/** The worker script: the TypeScript source beside this file, or the bundled entry beside the build. */
const script = () =>
  import.meta.url.endsWith('.ts') ? new URL('./render-worker.ts', import.meta.url) : new URL('./billing-render-worker.js', import.meta.url);

export async function renderDocument(config: Pick<Config, 'PDF_RENDER_CONCURRENCY'>, task: RenderTask): Promise<Buffer> {
  pool ??= createWorkerPool<RenderTask, Buffer>({
    script: script(),
    size: config.PDF_RENDER_CONCURRENCY,
    // About a minute of renders at most; beyond that, ask the caller to come back.
    maxWaiting: 500,
    revive: (value) => {
      const bytes = value as Uint8Array;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
  });
  try {
    return await pool.run(task);
  } catch (err) {
    if (err instanceof PoolBusyError) throw serviceUnavailable(BILLING_MESSAGES.documentsBusy, 'busy');
    throw err;
  }
}

/** How many documents this process has drawn (tests count renders with it). */
export const renderedDocuments = () => pool?.stats().done ?? 0;
