import type { AdminPost } from '@assay/shared';
import type { Db } from '../../db/client.ts';
import type { OperatorAuth } from '../operators/index.ts';
import { setPostStatus } from './set-post-status.ts';

/** Takes a post off the public site (back to draft); its slug stays reserved for it. */
export function unpublishPost(db: Db, op: OperatorAuth, id: string): Promise<AdminPost> {
  return setPostStatus(db, op, id, 'draft');
}
