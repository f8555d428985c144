import { POST_EDITOR_MSG } from '@assay/shared';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/client.ts';
import { contentChanged } from '../../lib/content-changes.ts';
import { AppError } from '../../lib/errors.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { audit } from '../operators/index.ts';
import { ADMIN_POST_COLUMNS, type AdminPostRow } from './post-row.ts';
import { recordRevision } from './revisions.ts';

/** Who the revision list and the post name for a scheduled publication. */
export const SCHEDULER = { id: null, username: 'Scheduled publish' } as const;

/**
 * Publishes a scheduled draft at its time (decision 202). Queued with `startAfter` when the
 * schedule is saved, so whichever worker process is up at that time runs it; a server restart or
 * a second server changes nothing. The job carries the time it was queued for: a post rescheduled,
 * unscheduled, published by hand or deleted since makes it a no-op.
 */
export const publishScheduledJob = defineJob({
  name: 'blog.publish-scheduled',
  payload: z.object({ post_id: z.uuid(), publish_at: z.string() }),
  policy: () => ({ retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 120, concurrency: 2 }),
  start(deps: Pick<Deps, 'db'>) {
    return {
      async handle(job) {
        const published = await deps.db.transaction(async (tx) => {
          const r = await tx.query<AdminPostRow>(
            `UPDATE posts SET status = 'published', published_at = COALESCE(published_at, publish_at), publish_at = NULL,
                    updated_at = now(), version = version + 1, updated_by = $3
              WHERE id = $1 AND status = 'draft' AND publish_at = $2::timestamptz AND publish_at <= now()
              RETURNING ${ADMIN_POST_COLUMNS}`,
            [job.data.post_id, job.data.publish_at, SCHEDULER.username],
          );
          const post = r.rows[0];
          if (!post) return false;
          await recordRevision(tx, post, 'published', SCHEDULER);
          await audit(tx, null, 'post.publish', `post:${post.id}`, {
            post_type: post.post_type,
            slug: post.slug,
            title: post.title,
            from: 'scheduled',
          });
          return true;
        });
        if (published) contentChanged(deps.db, 'posts');
      },
    };
  },
});

/** A schedule asked for: a time in the future, or a 422. */
export function scheduledTime(publishAt: string | null | undefined, now = new Date()): Date | null {
  if (!publishAt) return null;
  const at = new Date(publishAt);
  if (!(at.getTime() > now.getTime())) throw new AppError(422, POST_EDITOR_MSG.postPublishAtPast, 'validation_error');
  return at;
}

/** Queues the publication of a post saved with a schedule (in the saving transaction). */
export async function queueScheduledPublish(queue: JobQueue, tx: Queryable, post: AdminPostRow): Promise<void> {
  if (!post.publish_at) return;
  const publishAt = post.publish_at.toISOString();
  await queue.enqueue(
    tx,
    publishScheduledJob,
    { post_id: post.id, publish_at: publishAt },
    {
      startAfter: post.publish_at,
      singletonKey: `${post.id}@${publishAt}`,
    },
  );
}
