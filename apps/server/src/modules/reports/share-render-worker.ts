/**
 * The share-copy render worker (a worker thread; decision 181, decision 224): draws a shared
 * report's watermarked PDF off the thread that answers requests. Bundled as its own entry
 * (`dist/share-render-worker.js`, scripts/build.ts).
 */
import { renderReport, type RenderReportInput } from '@assay/report-engine';
import { serveTasks } from '../../lib/worker-pool.ts';

serveTasks<RenderReportInput>(async (input) => (await renderReport(input)).pdf);
