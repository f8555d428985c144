import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import { storeReviewedPdf } from './store-reviewed-pdf.ts';

/**
 * Draws and stores the reviewed PDF once a review is delivered (decision 233), queued in the
 * delivery's transaction. Off the request path and, inside the job, on a render worker thread, so
 * a worker running in the API process never holds its event loop. A thrown error (the render pool
 * busy, the blob store down) is retried; if every try fails the member's first download draws it.
 */
export const reviewedPdfJob = defineJob({
  name: 'experts.reviewed-pdf',
  payload: z.object({ request_id: z.uuid() }),
  policy: () => ({ retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 10 * 60, concurrency: 1 }),
  start(deps: Pick<Deps, 'db' | 'blobs' | 'config' | 'log'>) {
    return {
      async handle(job) {
        const stored = await storeReviewedPdf(deps, job.data.request_id);
        // Nothing to draw is not worth a retry: the report has no confirmed record (or is gone).
        if (stored === 'unavailable') deps.log.warn({ request: job.data.request_id }, 'reviewed PDF not drawn: nothing to draw');
      },
    };
  },
});
