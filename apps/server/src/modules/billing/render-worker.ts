/**
 * The render worker (a worker thread; docs/decisions/181-heavy-work-off-the-event-loop.md): draws
 * invoices and credit notes off the thread that answers requests. Bundled as its own entry
 * (`dist/billing-render-worker.js`, scripts/build.ts).
 */
import { serveTasks } from '../../lib/worker-pool.ts';
import type { RenderTask } from './render-documents.ts';
import { renderCreditNotePdf } from './render-credit-note-pdf.ts';
import { renderInvoicePdf } from './render-invoice-pdf.ts';

serveTasks<RenderTask>((task) => (task.kind === 'invoice' ? renderInvoicePdf(task.invoice) : renderCreditNotePdf(task.note, task.invoice)));
