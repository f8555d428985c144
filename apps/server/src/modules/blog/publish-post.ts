import type { AdminPost } from '@assay/shared';
import type { Db } from '../../db/client.ts';
import type { OperatorAuth } from '../operators/index.ts';
import { setPostStatus } from './set-post-status.ts';

/** Publishes a post. Its first publication date is kept if it was published before. */
export function publishPost(db: Db, op: OperatorAuth, id: string): Promise<AdminPost> {
  return setPostStatus(db, op, id, 'published');
}
